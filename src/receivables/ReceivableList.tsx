/**
 * 'Scadențe': every sent invoice with something still to collect, by invoice (the oldest due
 * date first) or by customer and currency (who owes most first): what is due, how many days late
 * and in which age bucket, filtered by bucket, customer, currency, series or overdue alone, and
 * exported as it is filtered. A row opens its invoice, or the customer's page. The rows of the
 * invoice view can be selected for the actions of ReceivablesBulkActions.
 */
import {
  AutocompleteInput,
  BooleanInput,
  FunctionField,
  type RaRecord,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useTranslate,
} from "react-admin";
import { useLocation } from "react-router-dom";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import type { AgingBucket } from "../../contract/home";
import { ListExportButtons } from "../common/ListExportButtons";
import { formatRoDate } from "../common/RoDateField";
import { ResourceList } from "../common/ResourceList";
import { CURRENCY_CHOICES, onlyWhenOn } from "../invoices/invoiceListFilters";
import { formatDay, formatMoney } from "../invoices/invoiceText";
import { AgingChip } from "./AgingChip";
import type { CustomerReceivable, InvoiceReceivable } from "./receivableRows";
import { DEFAULT_SORT, viewOf } from "./receivableRows";
import { ReminderSettingsButton } from "../reminders/ReminderSettingsButton";
import { ReceivablesBulkActions } from "./ReceivablesBulkActions";
import { ViewSwitch } from "./ViewSwitch";

const BUCKETS: readonly AgingBucket[] = ["current", "1-30", "31-60", "61-90", "90+"];

/** An amount and its currency, never broken between them; nothing while a row of the other view is still shown. */
const money = (value: unknown, currency: string | undefined) =>
  typeof value === "number" && currency ? formatMoney(value, currency) : "";
const day = (value: unknown) => (typeof value === "string" && value ? formatDay(value) : "—");
/** Amounts, dates and numbers never break inside: the names and headers take the wrapping. */
const AMOUNT = { whiteSpace: "nowrap" } as const;

/** A row opens its invoice (by invoice) or its customer's page (by customer; none for an unknown customer). */
function rowLink(id: unknown, _resource: string, record: RaRecord): string | false {
  if ("maxDaysOverdue" in record) return record.clientId ? `/customers/${record.clientId}/show` : false;
  return `/invoices/${id}`;
}

/** The view an address asks for (`?filter={"view":"customer"}`), whose order the list starts in. */
function viewOfAddress(search: string) {
  try {
    return viewOf(JSON.parse(new URLSearchParams(search).get("filter") ?? "{}"));
  } catch {
    return "invoice";
  }
}

export function ReceivableList() {
  const translate = useTranslate();
  const { search } = useLocation();
  const client = (row: { clientName: string | null }) => row.clientName || translate("resources.receivables.unknownClient");
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.receivables.search")} />,
    <SelectInput key="bucket" source="bucket" choices={BUCKETS.map((id) => ({ id, name: `resources.receivables.buckets.${id}` }))} />,
    <ReferenceInput key="clientId" source="clientId" reference="customers" sort={{ field: "clientName", order: "ASC" }}>
      <AutocompleteInput optionText="clientName" label="resources.receivables.fields.clientId" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <SelectInput key="currency" source="currency" choices={CURRENCY_CHOICES} />,
    <TextInput key="seriesName" source="seriesName" />,
    <BooleanInput key="overdue" source="overdue" label="resources.receivables.filters.overdue" parse={onlyWhenOn} />,
  ];

  const invoiceColumns = [
    <FunctionField<InvoiceReceivable>
      key="number" sx={AMOUNT}
      source="number"
      render={(row) => [row.seriesName, row.number].filter(Boolean).join(" ") || `#${row.id}`}
    />,
    <FunctionField<InvoiceReceivable> key="clientName" source="clientName" render={client} />,
    <FunctionField<InvoiceReceivable> key="issueDate" sx={AMOUNT} source="issueDate" render={(row) => day(row.issueDate)} />,
    <FunctionField<InvoiceReceivable> key="dueDate" sx={AMOUNT} source="dueDate" render={(row) => day(row.dueDate)} />,
    <FunctionField<InvoiceReceivable> key="total" source="total" sortable={false} textAlign="right" sx={AMOUNT} render={(row) => money(row.total, row.currency)} />,
    <FunctionField<InvoiceReceivable> key="paid" source="paid" sortable={false} textAlign="right" sx={AMOUNT} render={(row) => money(row.paid, row.currency)} />,
    <FunctionField<InvoiceReceivable> key="unpaid" source="unpaid" textAlign="right" sx={AMOUNT} render={(row) => money(row.unpaid, row.currency)} />,
    // The days and their age bucket in one column: a laptop's screen holds the whole row.
    <FunctionField<InvoiceReceivable>
      key="daysOverdue"
      source="daysOverdue"
      sx={AMOUNT}
      render={(row) => (
        <>
          {row.daysOverdue ?? ""} <AgingChip bucket={row.bucket} />
        </>
      )}
    />,
    <FunctionField<InvoiceReceivable>
      key="lastReminderAt"
      source="lastReminderAt"
      sortable={false}
      render={(row) => formatRoDate(row.lastReminderAt, true) ?? "—"}
    />,
  ];

  const customerColumns = [
    <FunctionField<CustomerReceivable> key="clientName" source="clientName" render={client} />,
    <FunctionField<CustomerReceivable> key="count" source="count" sortable={false} textAlign="right" render={(row) => row.count ?? ""} />,
    <FunctionField<CustomerReceivable> key="unpaid" source="unpaid" textAlign="right" sx={AMOUNT} render={(row) => money(row.unpaid, row.currency)} />,
    <FunctionField<CustomerReceivable> key="overdue" source="overdue" textAlign="right" sx={AMOUNT} render={(row) => money(row.overdue, row.currency)} />,
    <FunctionField<CustomerReceivable> key="oldestDueDate" sx={AMOUNT} source="oldestDueDate" sortable={false} render={(row) => day(row.oldestDueDate)} />,
    <FunctionField<CustomerReceivable> key="maxDaysOverdue" source="maxDaysOverdue" textAlign="right" render={(row) => row.maxDaysOverdue ?? ""} />,
  ];

  return (
    <ResourceList
      resource="receivables"
      sort={{ ...DEFAULT_SORT[viewOfAddress(search)] }}
      filters={filters}
      actions={
        <>
          <ViewSwitch />
          <ReminderSettingsButton />
          <ListExportButtons resource="receivables" filename="scadente" errorKey="resources.receivables.exportError" />
        </>
      }
      rowClick={rowLink}
      bulkActionButtons={(filterValues) => (viewOf(filterValues) === "invoice" ? <ReceivablesBulkActions /> : false)}
      empty={{ label: translate("menu.invoices"), icon: <ReceiptLongIcon />, to: "/invoices", target: "invoices" }}
    >
      {(filterValues) => (viewOf(filterValues) === "customer" ? customerColumns : invoiceColumns)}
    </ResourceList>
  );
}
