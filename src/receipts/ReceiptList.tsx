/**
 * 'Chitanțe': the receipts issued through the app, on their own or with an invoice's cash
 * payment, newest first; searched on the server and filtered by customer and period. A row opens
 * the receipt.
 */
import { DateInput, FunctionField, ReferenceInput, AutocompleteInput, SearchInput, SelectInput, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import type { Receipt } from "../../contract/api";
import { ResourceList } from "../common/ResourceList";
import { formatDay } from "../invoices/invoiceText";
import { receiptAmount, receiptName } from "./receiptText";

export function ReceiptList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.receipts.search")} />,
    <ReferenceInput key="clientId" source="clientId" reference="customers" sort={{ field: "clientName", order: "ASC" }}>
      <AutocompleteInput optionText="clientName" label="resources.receipts.fields.clientId" filterToQuery={(q: string) => ({ q })} />
    </ReferenceInput>,
    <DateInput key="dateFrom" source="dateFrom" />,
    <DateInput key="dateTo" source="dateTo" />,
    <SelectInput
      key="kind"
      source="kind"
      choices={[
        { id: "Chitanta", name: "resources.receipts.kinds.Chitanta" },
        { id: "Bon", name: "resources.receipts.kinds.Bon" },
      ]}
    />,
  ];
  return (
    <ResourceList resource="receipts" sort={{ field: "date", order: "DESC" }} filters={filters} create rowClick="show">
      <FunctionField
        source="number"
        render={(receipt: Receipt) => receiptName(receipt) || translate("resources.receipts.notIssuedYet")}
      />
      <FunctionField source="date" render={(receipt: Receipt) => formatDay(receipt.date)} />
      <FunctionField source="clientName" render={(receipt: Receipt) => receipt.clientName} />
      <FunctionField source="amount" textAlign="right" render={(receipt: Receipt) => receiptAmount(receipt)} />
      <FunctionField source="kind" render={(receipt: Receipt) => translate(`resources.receipts.kinds.${receipt.kind}`)} />
      <FunctionField
        source="status"
        sortable={false}
        render={(receipt: Receipt) => translate(`resources.receipts.statuses.${receipt.status}`)}
      />
      <FunctionField
        source="invoiceId"
        sortable={false}
        render={(receipt: Receipt) =>
          receipt.invoiceId === null ? null : (
            <Link to={`/invoices/${receipt.invoiceId}`} onClick={(event) => event.stopPropagation()}>
              {[receipt.invoiceSeries, receipt.invoiceNumber].filter(Boolean).join(" ") || `#${receipt.invoiceId}`}
            </Link>
          )
        }
      />
    </ResourceList>
  );
}
