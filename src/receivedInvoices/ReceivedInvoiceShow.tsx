/**
 * One received invoice: its supplier, number, dates and total as the UBL states them, when SPV
 * received it, and its files: 'Descarcă PDF' (ANAF's rendering of the archived invoice) and
 * 'Descarcă ZIP semnat' (the invoice with the Ministry of Finance's signature, as SPV gave it).
 */
import { useState } from "react";
import { Labeled, ShowBase, TopToolbar, useRecordContext, useShowContext, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import FolderZipIcon from "@mui/icons-material/FolderZip";
import type { ReceivedInvoice } from "../../contract/efactura";
import { apiPathOf } from "../../contract/paths";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { saveFile } from "../common/saveFile";
import { ScreenHeading } from "../common/ScreenHeading";
import { requestFile } from "../providers/requestFile";
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

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2" component="span">
        {children || "—"}
      </Typography>
    </Labeled>
  );
}

/** The file's name: the supplier's number, kept to what a file name may hold. */
const fileName = (row: ReceivedInvoice, extension: "pdf" | "zip") =>
  `efactura-${(row.number ?? "").replace(/[^A-Za-z0-9_-]/g, "") || row.id}.${extension}`;

function ReceivedInvoicePage() {
  const { isPending } = useShowContext();
  const row = useRecordContext<ReceivedInvoice>();
  const translate = useTranslate();
  const [busy, setBusy] = useState<"pdf" | "zip">();
  const [error, setError] = useState<string>();
  if (isPending || !row) return null;
  const field = (name: string) => translate(`resources.receivedInvoices.fields.${name}`);
  const supplier = row.supplierName || translate("resources.receivedInvoices.unknownSupplier");
  const download = async (kind: "pdf" | "zip") => {
    setBusy(kind);
    setError(undefined);
    try {
      saveFile(await requestFile(`${apiPathOf("receivedInvoices")}/${row.id}/${kind}`), fileName(row, kind));
    } catch (failure) {
      setError(translate("resources.receivedInvoices.downloadError", { message: errorMessage(failure, "") }));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <>
      <ScreenHeading inAppBar>{translate("resources.receivedInvoices.show", { number: row.number ?? `#${row.id}`, supplier })}</ScreenHeading>
      <TopToolbar>
        <Button startIcon={<PictureAsPdfIcon />} disabled={!row.archived || busy !== undefined} onClick={() => download("pdf")}>
          {translate("resources.receivedInvoices.downloadPdf")}
        </Button>
        <Button startIcon={<FolderZipIcon />} disabled={!row.archived || busy !== undefined} onClick={() => download("zip")}>
          {translate("resources.receivedInvoices.downloadZip")}
        </Button>
      </TopToolbar>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <Line label={field("supplierName")}>{supplier}</Line>
            <Line label={field("supplierCif")}>{row.supplierCif}</Line>
            <Line label={field("number")}>{row.number}</Line>
            <Line label={field("issueDate")}>{receivedDay(row.issueDate)}</Line>
            <Line label={field("dueDate")}>{receivedDay(row.dueDate)}</Line>
            <Line label={field("total")}>{receivedTotal(row)}</Line>
            <Line label={field("receivedAt")}>{receivedWhen(row.receivedAt)}</Line>
            <Line label={field("messageId")}>{row.messageId}</Line>
            {!row.archived ? <Alert severity="info">{translate("resources.receivedInvoices.notArchived")}</Alert> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
