/**
 * 'SmartBill - Import Factură': the invoice form and the workbook of its product lines. The
 * server reads and checks every line; a file with a bad row is refused whole, with each row's
 * reason shown here. On success the browser goes to the new invoice's edit screen.
 */
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { InvoiceImportResult, RejectedLine } from "../../contract/api";
import { MIN_DUE_DAYS } from "../../contract/constants";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { checkExcelFile } from "../common/excelFile";
import { ExcelFileInput } from "../common/ExcelFileInput";
import type { AppDataProvider } from "../providers/customMethods";
import { dueDaysError, InvoiceFormFields, type InvoiceFormValues } from "./InvoiceFormFields";
import { formPayload, newInvoiceForm } from "./invoiceDefaults";

function RejectedLines({ rows }: { rows: RejectedLine[] }) {
  const translate = useTranslate();
  const title = translate("invoices.rejectedTitle", { count: rows.length });
  return (
    <>
      <Typography variant="subtitle1" component="h2" color="error" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("invoices.rejectedRow")}</TableCell>
            <TableCell>{translate("invoices.rejectedReason")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.row}-${row.reason}`}>
              <TableCell>{row.row}</TableCell>
              <TableCell>{row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function InvoiceImport() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const [values, setValues] = useState<InvoiceFormValues>(newInvoiceForm);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedLine[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    setRejected([]);
    const problem = checkExcelFile(file);
    if (problem) return setError(translate(problem));
    if (dueDaysError(values.dueDays)) return setError(translate("invoices.dueDaysMin", { min: MIN_DUE_DAYS }));
    setError(null);
    setBusy(true);
    try {
      const json = await dataProvider.importInvoice(formPayload(values), file!);
      if (json.error) {
        setError(json.errorMessage || translate("invoices.fallbackError"));
        setRejected(json.rejected ?? []);
        return;
      }
      setDone(translate("invoices.uploaded"));
      if (json.importRequestId !== undefined) navigate(`/invoices/${json.importRequestId}`);
    } catch (failure) {
      const answer = (failure as { body?: Partial<InvoiceImportResult> & { message?: string } }).body;
      setError(answer?.errorMessage || answer?.message || translate("invoices.fallbackError"));
      setRejected(answer?.rejected ?? []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <RequireAccess resource="invoices">
      <ScreenHeading inAppBar>{translate("invoices.importTitle")}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Paper sx={{ p: 2, mt: 2 }}>
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <InvoiceFormFields values={values} onChange={(patch) => setValues((old) => ({ ...old, ...patch }))} disabled={busy} />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} alignItems={{ sm: "center" }}>
              <Typography color="text.secondary">{translate("resources.invoices.fields.file")}</Typography>
              <ExcelFileInput
                file={file}
                chooseLabel={translate("invoices.chooseFile")}
                noFileLabel={translate("invoices.noFile")}
                testId="invoice-file"
                onChange={(chosen) => {
                  setFile(chosen);
                  setError(null);
                  setRejected([]);
                }}
              />
            </Stack>
            {error && <Alert severity="error">{error}</Alert>}
            {rejected.length > 0 && <RejectedLines rows={rejected} />}
            <div>
              <Button variant="contained" onClick={upload} disabled={busy}>
                {translate("invoices.upload")}
              </Button>
            </div>
          </Stack>
        )}
      </Paper>
    </RequireAccess>
  );
}
