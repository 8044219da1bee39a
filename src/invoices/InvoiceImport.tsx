/**
 * 'SmartBill - Import Factură': the invoice form and the workbook of its product lines, with the
 * template to fill in ('Descarcă modelul Excel') and the list of the columns it may have. The form
 * is react-admin's (InvoiceFormFields); before anything is uploaded its checks ask for a client,
 * and for a warehouse when the invoice takes its products from stock ('Descarcă stocul'), each
 * beside its field. The server reads and checks
 * every line; a file with a bad row is refused whole, with each row's reason shown here. On
 * success the browser goes to the new invoice's edit screen.
 */
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Form, useDataProvider, useTranslate } from "react-admin";
import { type FieldErrors, useFormContext } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import type { InvoiceImportResult, RejectedLine } from "../../contract/api";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { checkExcelFile } from "../common/excelFile";
import { ExcelFileInput } from "../common/ExcelFileInput";
import { saveFile } from "../common/saveFile";
import type { AppDataProvider } from "../providers/customMethods";
import { useDocumentKind } from "./documentKind";
import { DUE_DAYS_RANGE, InvoiceFormFields, type InvoiceFormValues } from "./InvoiceFormFields";
import { formPayload, newInvoiceForm } from "./invoiceDefaults";
import { InvoiceLineColumns } from "./InvoiceLineColumns";
import { useDefaultSeries } from "./useDefaultSeries";

function RejectedLines({ rows }: { rows: RejectedLine[] }) {
  const translate = useTranslate();
  const title = translate("resources.invoices.rejectedTitle", { count: rows.length });
  return (
    <>
      <Typography variant="subtitle1" component="h2" color="error" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("resources.invoices.rejectedRow")}</TableCell>
            <TableCell>{translate("resources.invoices.rejectedReason")}</TableCell>
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

/** The form's part of the screen: its fields, the file, and the upload that checks both first. */
function ImportForm({ onDone }: { onDone: (message: string) => void }) {
  const translate = useTranslate();
  const { resource } = useDocumentKind();
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const { handleSubmit } = useFormContext<InvoiceFormValues>();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedLine[]>([]);
  const [busy, setBusy] = useState(false);
  // The spec's default series when SmartBill has no such series: SmartBill's first one instead.
  useDefaultSeries();

  const fileProblem = () => {
    const problem = checkExcelFile(file);
    return problem && translate(problem);
  };

  /** The form's checks failed: each message is at its field; what to do is said above the button. */
  const refuse = (errors: FieldErrors<InvoiceFormValues>) => {
    setRejected([]);
    const problems = [
      Object.keys(errors).some((field) => field !== "dueDays") ? translate("resources.invoices.importForm.fixFields") : null,
      errors.dueDays ? translate("resources.invoices.dueDaysRange", DUE_DAYS_RANGE) : null,
      fileProblem(),
    ].filter(Boolean);
    setError(problems.join(" "));
  };

  const upload = async (values: InvoiceFormValues) => {
    setRejected([]);
    const problem = fileProblem();
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const json = await dataProvider.importInvoice(formPayload(values), file!);
      if (json.error) {
        setError(json.errorMessage || translate("resources.invoices.fallbackError"));
        setRejected(json.rejected ?? []);
        return;
      }
      onDone(translate("resources.invoices.uploaded"));
      if (json.importRequestId !== undefined) navigate(`/${resource}/${json.importRequestId}`);
    } catch (failure) {
      const answer = (failure as { body?: Partial<InvoiceImportResult> & { message?: string } }).body;
      setError(answer?.errorMessage || answer?.message || translate("resources.invoices.fallbackError"));
      setRejected(answer?.rejected ?? []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} alignItems={{ sm: "center" }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {translate("resources.invoices.importForm.intro")}
        </Typography>
        <Box>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() =>
              dataProvider
                .invoiceImportTemplate()
                .then((template) => saveFile(template, "model-import-factura.xlsx"))
                .catch(() => setError(translate("resources.invoices.fallbackError")))
            }
          >
            {translate("resources.invoices.importForm.template")}
          </Button>
        </Box>
      </Stack>
      <InvoiceFormFields disabled={busy} importChecks />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} alignItems={{ sm: "center" }}>
        <Typography color="text.secondary">{translate("resources.invoices.fields.file")}</Typography>
        <ExcelFileInput
          file={file}
          chooseLabel={translate("resources.invoices.chooseFile")}
          noFileLabel={translate("resources.invoices.noFile")}
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
        <Button variant="contained" onClick={handleSubmit(upload, refuse)} disabled={busy}>
          {translate("resources.invoices.upload")}
        </Button>
      </div>
      {/* What the file may hold, to read while filling it in: after the button, out of its way. */}
      <InvoiceLineColumns />
    </Stack>
  );
}

export function InvoiceImport() {
  const translate = useTranslate();
  const { resource } = useDocumentKind();
  const [defaults] = useState(newInvoiceForm);
  const [done, setDone] = useState<string | null>(null);

  return (
    <RequireAccess resource={resource}>
      <ScreenHeading inAppBar>{translate("resources.invoices.importTitle")}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Paper sx={{ p: 2, mt: 2 }}>
        {done ? (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        ) : (
          // The fields checked as they change once checked; the upload checks them all first.
          <Form defaultValues={defaults} mode="onChange" disableInvalidFormNotification noValidate>
            <ImportForm onDone={setDone} />
          </Form>
        )}
      </Paper>
    </RequireAccess>
  );
}
