/**
 * One received invoice: its supplier, number, dates and total as the UBL states them, when SPV
 * received it, and its files: 'Descarcă PDF' (ANAF's rendering of the archived invoice) and
 * 'Descarcă ZIP semnat' (the invoice with the Ministry of Finance's signature, as SPV gave it).
 */
import { ShowBase, TopToolbar, useRecordContext, useShowContext, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import type { ReceivedInvoice } from "../../contract/efactura";
import { apiPathOf } from "../../contract/paths";
import { EfacturaFileButtons, efacturaFileName } from "../common/EfacturaFileButtons";
import { RequireAccess } from "../common/RequireAccess";
import { LabeledLine } from "../common/LabeledLine";
import { ScreenHeading } from "../common/ScreenHeading";
import { receivedDay, receivedTotal, receivedWhen } from "./receivedText";

export function ReceivedInvoiceShow() {
  return (
    <RequireAccess resource="receivedInvoices">
      <ShowBase resource="receivedInvoices">
        <ReceivedInvoicePage />
      </ShowBase>
    </RequireAccess>
  );
}

function ReceivedInvoicePage() {
  const { isPending } = useShowContext();
  const row = useRecordContext<ReceivedInvoice>();
  const translate = useTranslate();
  if (isPending || !row) return null;
  const field = (name: string) => translate(`resources.receivedInvoices.fields.${name}`);
  const supplier = row.supplierName || translate("resources.receivedInvoices.unknownSupplier");
  return (
    <>
      <ScreenHeading inAppBar>{translate("resources.receivedInvoices.show", { number: row.number ?? `#${row.id}`, supplier })}</ScreenHeading>
      <TopToolbar>
        <EfacturaFileButtons
          base={`${apiPathOf("receivedInvoices")}/${row.id}`}
          fileName={(extension) => efacturaFileName(row.number, row.id, extension)}
          disabled={!row.archived}
        />
      </TopToolbar>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <LabeledLine label={field("supplierName")}>{supplier}</LabeledLine>
            <LabeledLine label={field("supplierCif")}>{row.supplierCif}</LabeledLine>
            <LabeledLine label={field("number")}>{row.number}</LabeledLine>
            <LabeledLine label={field("issueDate")}>{receivedDay(row.issueDate)}</LabeledLine>
            <LabeledLine label={field("dueDate")}>{receivedDay(row.dueDate)}</LabeledLine>
            <LabeledLine label={field("total")}>{receivedTotal(row)}</LabeledLine>
            <LabeledLine label={field("receivedAt")}>{receivedWhen(row.receivedAt)}</LabeledLine>
            <LabeledLine label={field("messageId")}>{row.messageId}</LabeledLine>
            {!row.archived ? <Alert severity="info">{translate("resources.receivedInvoices.notArchived")}</Alert> : null}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
