/**
 * A receipt's page: who it was issued to, for how much and for what, its invoice when it came with
 * a cash payment, the fiscal receipt's text for the cash register (shown, and downloadable as a
 * text file), and its deletion from SmartBill (the last of its series only: SmartBill's refusal is
 * shown as said). SmartBill's API gives no receipt PDF, which the page says where one would look
 * for it.
 */
import { useState } from "react";
import { ShowBase, TopToolbar, useDataProvider, useNotify, useRecordContext, useRefresh, useShowContext, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Receipt } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { saveFile } from "../common/saveFile";
import { LabeledLine } from "../common/LabeledLine";
import { ScreenHeading } from "../common/ScreenHeading";
import { formatDay, formatWhen } from "../invoices/invoiceText";
import type { AppDataProvider } from "../providers/customMethods";
import { receiptAmount, receiptName } from "./receiptText";

export function ReceiptShow() {
  return (
    <RequireAccess resource="receipts">
      <ShowBase resource="receipts">
        <ReceiptPage />
      </ShowBase>
    </RequireAccess>
  );
}

function ReceiptPage() {
  const { isPending } = useShowContext();
  const receipt = useRecordContext<Receipt>();
  const translate = useTranslate();
  if (isPending || !receipt) return null;
  const field = (name: string) => translate(`resources.receipts.fields.${name}`);
  const name = receiptName(receipt) || translate("resources.receipts.notIssuedYet");
  return (
    <>
      <ScreenHeading inAppBar>{translate("resources.receipts.show", { name })}</ScreenHeading>
      <div>
        <TopToolbar>{receipt.kind === "Chitanta" && receipt.status === "issued" ? <DeleteReceiptButton receipt={receipt} /> : null}</TopToolbar>
      </div>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <LabeledLine label={field("kind")}>{translate(`resources.receipts.kinds.${receipt.kind}`)}</LabeledLine>
            <LabeledLine label={field("number")}>{name}</LabeledLine>
            <LabeledLine label={field("status")}>{translate(`resources.receipts.statuses.${receipt.status}`)}</LabeledLine>
            <LabeledLine label={field("date")}>{formatDay(receipt.date)}</LabeledLine>
            <LabeledLine label={field("clientName")}>{[receipt.clientName, receipt.clientCif].filter(Boolean).join(" · ")}</LabeledLine>
            <LabeledLine label={field("amount")}>{receiptAmount(receipt)}</LabeledLine>
            <LabeledLine label={field("text")}>{receipt.text}</LabeledLine>
            {receipt.invoiceId !== null ? (
              <LabeledLine label={field("invoiceId")}>
                <Link to={`/invoices/${receipt.invoiceId}`}>
                  {[receipt.invoiceSeries, receipt.invoiceNumber].filter(Boolean).join(" ") || translate("resources.receipts.openInvoice")}
                </Link>
              </LabeledLine>
            ) : null}
            <LabeledLine label={field("userEmail")}>{`${receipt.userEmail} · ${formatWhen(receipt.createdAt)}`}</LabeledLine>
            {receipt.message ? <Alert severity="info">{receipt.message}</Alert> : null}
            {receipt.kind === "Chitanta" ? <Alert severity="info">{translate("resources.receipts.noPdf")}</Alert> : null}
            {receipt.kind === "Bon" && receipt.status === "issued" ? <FiscalText receipt={receipt} /> : null}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}

/** The fiscal receipt's text, read from SmartBill when asked for, shown and downloadable. */
function FiscalText({ receipt }: { receipt: Receipt }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [text, setText] = useState<string>();
  const [error, setError] = useState<string>();
  const read = async () => {
    try {
      setError(undefined);
      setText((await dataProvider.fiscalReceiptText(receipt.id)).text);
    } catch (failure) {
      setError(translate("resources.receipts.fiscalTextError", { message: errorMessage(failure, "") }));
    }
  };
  return (
    <section aria-label={translate("resources.receipts.fiscalText")}>
      <Typography variant="subtitle1" component="h2">
        {translate("resources.receipts.fiscalText")}
      </Typography>
      {text === undefined ? (
        <Button onClick={read}>{translate("resources.receipts.showFiscalText")}</Button>
      ) : (
        <>
          <Typography component="pre" sx={{ fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
            {text}
          </Typography>
          <Button onClick={() => saveFile(new Blob([text], { type: "text/plain;charset=utf-8" }), `bon-${receipt.number || receipt.id}.txt`)}>
            {translate("resources.receipts.downloadFiscalText")}
          </Button>
        </>
      )}
      {error ? <Alert severity="error">{error}</Alert> : null}
    </section>
  );
}

/** 'Șterge din SmartBill', after a confirmation; SmartBill's refusal (not the last of its series) shown as the server says it. */
function DeleteReceiptButton({ receipt }: { receipt: Receipt }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const { message } = await dataProvider.deleteReceipt(receipt.id);
      notify(message, { type: "success" });
      refresh();
    } catch (failure) {
      notify(translate("resources.receipts.deleteError", { message: errorMessage(failure, "") }), { type: "error" });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {translate("resources.receipts.delete")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate("resources.receipts.deleteTitle")}</DialogTitle>
        <DialogContent>{translate("resources.receipts.deleteContent")}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate("ra.action.cancel")}</Button>
          <Button color="error" disabled={busy} onClick={remove}>
            {translate("resources.receipts.delete")}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
