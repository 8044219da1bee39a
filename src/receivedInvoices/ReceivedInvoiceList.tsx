/**
 * 'Facturi primite': the invoices suppliers sent the company through ANAF's SPV, newest received
 * first: supplier, CIF, number, dates and total as the supplier's UBL states them. Filtered by
 * text, supplier CIF, issue period and currency, exported as filtered; a row opens its page
 * (ReceivedInvoiceShow) with the PDF and the signed ZIP. Read-only: nothing to add or change.
 */
import { DateInput, FunctionField, SearchInput, SelectInput, TextField, TextInput, useTranslate } from "react-admin";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import type { ReceivedInvoice } from "../../contract/efactura";
import { ListExportButtons } from "../common/ListExportButtons";
import { ResourceList } from "../common/ResourceList";
import { CURRENCY_CHOICES } from "../invoices/invoiceListFilters";
import { receivedDay, receivedTotal, receivedWhen } from "./receivedText";

/** Amounts and dates never break inside: the names take the wrapping. */
const NOWRAP = { whiteSpace: "nowrap" } as const;

export function ReceivedInvoiceList() {
  const translate = useTranslate();
  const supplier = (row: ReceivedInvoice) => row.supplierName || translate("resources.receivedInvoices.unknownSupplier");
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.receivedInvoices.search")} />,
    <TextInput key="supplierCif" source="supplierCif" />,
    <DateInput key="issueDateFrom" source="issueDateFrom" />,
    <DateInput key="issueDateTo" source="issueDateTo" />,
    <SelectInput key="currency" source="currency" choices={CURRENCY_CHOICES} />,
  ];
  return (
    <ResourceList
      resource="receivedInvoices"
      sort={{ field: "receivedAt", order: "DESC" }}
      filters={filters}
      actions={<ListExportButtons resource="receivedInvoices" filename="facturi-primite" errorKey="resources.receivedInvoices.exportError" />}
      rowClick="show"
      empty={{ label: translate("menu.invoices"), icon: <ReceiptLongIcon />, to: "/invoices", target: "invoices" }}
      phoneEntry={{
        primaryText: (row: ReceivedInvoice) => [supplier(row), row.number].filter(Boolean).join(" · "),
        secondaryText: (row: ReceivedInvoice) =>
          translate("resources.receivedInvoices.phoneEntry", { issued: receivedDay(row.issueDate), due: receivedDay(row.dueDate) }),
        tertiaryText: (row: ReceivedInvoice) => receivedTotal(row),
      }}
    >
      <FunctionField<ReceivedInvoice> source="supplierName" render={supplier} />
      <TextField source="supplierCif" sx={NOWRAP} sortable={false} emptyText="—" />
      <TextField source="number" sx={NOWRAP} emptyText="—" />
      <FunctionField<ReceivedInvoice> source="issueDate" sx={NOWRAP} render={(row) => receivedDay(row.issueDate)} />
      <FunctionField<ReceivedInvoice> source="dueDate" sx={NOWRAP} render={(row) => receivedDay(row.dueDate)} />
      <FunctionField<ReceivedInvoice> source="total" textAlign="right" sx={NOWRAP} render={(row) => receivedTotal(row)} />
      <FunctionField<ReceivedInvoice> source="receivedAt" sx={NOWRAP} render={(row) => receivedWhen(row.receivedAt)} />
    </ResourceList>
  );
}
