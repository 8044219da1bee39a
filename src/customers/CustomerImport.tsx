/**
 * 'Import Clienți': upload an Excel file, see what it would do (a dry run: the first rows as they
 * will be stored and every rejected row with its Excel row number and reason), then confirm.
 * After the import the form gives way to the summary of new, updated and errored clients.
 */
import { useEffect, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import { CUSTOMER_COLUMNS, type CustomerAnafCheck, type CustomerImportResult } from "../../contract/api";
import { CustomerAnafCheckReport, useCustomerAnafCheck } from "./CustomerAnafCheckReport";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { checkExcelFile } from "../common/excelFile";
import { ExcelFileInput } from "../common/ExcelFileInput";
import { saveFile } from "../common/saveFile";
import type { AppDataProvider } from "../providers/customMethods";

type Translate = ReturnType<typeof useTranslate>;

/** '3 clienți noi · 1 client de actualizat · 20 de rânduri cu erori': each count agrees with its number. */
export function countersText(counters: CustomerImportResult["counters"], translate: Translate): string {
  const count = (key: keyof typeof counters) => translate(`resources.customers.counts.${key}`, { smart_count: counters[key] });
  return translate("resources.customers.counters", {
    newItems: count("newItems"),
    updatedItems: count("updatedItems"),
    errorItems: count("errorItems"),
  });
}

function failureText(error: unknown, fallback: string): string {
  const body = (error as { body?: Partial<CustomerImportResult> & { message?: string } })?.body;
  return body?.errorMessage || body?.message || fallback;
}

function Preview({ result }: { result: CustomerImportResult }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        {translate("resources.customers.previewTitle")}
      </Typography>
      <Table size="small" aria-label={translate("resources.customers.previewTitle")}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("resources.customers.rowAction")}</TableCell>
            {CUSTOMER_COLUMNS.map((field) => (
              <TableCell key={field}>{translate(`resources.customers.fields.${field}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.preview.map((row) => (
            <TableRow key={row.codClient}>
              <TableCell>{translate(`resources.customers.actions.${row.action}`)}</TableCell>
              {CUSTOMER_COLUMNS.map((field) => (
                <TableCell key={field}>{row[field]}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Rejected({ result, onReport }: { result: CustomerImportResult; onReport: () => void }) {
  const translate = useTranslate();
  if (!result.rejected.length) return null;
  const title = translate("resources.customers.rejectedTitle", { count: result.rejected.length });
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="subtitle1" component="h2" color="error">
          {title}
        </Typography>
        <Button size="small" startIcon={<DownloadIcon />} onClick={onReport}>
          {translate("resources.customers.errorReport")}
        </Button>
      </Stack>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("resources.customers.rejectedRow")}</TableCell>
            <TableCell>{translate("resources.customers.fields.codClient")}</TableCell>
            <TableCell>{translate("resources.customers.rejectedReason")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rejected.map((row) => (
            <TableRow key={`${row.row}-${row.reason}`}>
              <TableCell>{row.row}</TableCell>
              <TableCell>{row.codClient ?? ""}</TableCell>
              <TableCell>{row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function CustomerImport() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CustomerImportResult | null>(null);
  const [done, setDone] = useState<CustomerImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // 'Verifică la ANAF': ticked unless the server says ANAF was just found unreachable.
  const [anafWanted, setAnafWanted] = useState(true);
  const [anafTaskId, setAnafTaskId] = useState<number | null>(null);
  const [anafCheck, setAnafCheck] = useState<CustomerAnafCheck | null>(null);
  const [fillFromAnaf, setFillFromAnaf] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    dataProvider
      .customerAnafCheckOffer(controller.signal)
      .then((offer) => {
        if (!controller.signal.aborted) setAnafWanted(offer.suggested);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [dataProvider]);

  useCustomerAnafCheck(anafTaskId, setAnafCheck, (failure) => {
    setAnafTaskId(null);
    setError(failureText(failure, translate("resources.customers.fallbackError")));
  });

  const forgetAnafCheck = () => {
    setAnafTaskId(null);
    setAnafCheck(null);
  };

  /** After a dry run: the file's CIFs asked at ANAF by a task; its progress and findings follow. */
  const startAnafCheck = async () => {
    try {
      const started = await dataProvider.startCustomerAnafCheck(file!);
      setAnafCheck({ taskId: started.taskId, status: "queued", total: started.total, processed: 0, message: null, errorText: null, findings: [] });
      setAnafTaskId(started.taskId);
    } catch (failure) {
      setError(failureText(failure, translate("resources.customers.fallbackError")));
    }
  };

  const send = async (dryRun: boolean) => {
    const problem = checkExcelFile(file);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setError(null);
    setBusy(true);
    if (dryRun) forgetAnafCheck();
    try {
      // Addresses are filled only from what a finished check has just read.
      const fill = !dryRun && anafCheck?.status === "done" && fillFromAnaf;
      const json = await dataProvider.importCustomers(file!, { dryRun, fillFromAnaf: fill });
      if (json.error) setError(json.errorMessage || json.message || translate("resources.customers.fallbackError"));
      else if (dryRun) {
        setChecked(json);
        if (anafWanted && json.counters.newItems + json.counters.updatedItems > 0) await startAnafCheck();
      } else setDone(json);
    } catch (failure) {
      setChecked(null);
      setError(failureText(failure, translate("resources.customers.fallbackError")));
    } finally {
      setBusy(false);
    }
  };

  const report = () => {
    dataProvider
      .customerImportErrors(file!)
      .then((report) => saveFile(report, "clienti-erori.xlsx"))
      .catch((failure) => setError(failureText(failure, translate("resources.customers.fallbackError"))));
  };

  const restart = () => {
    setFile(null);
    setChecked(null);
    setDone(null);
    setError(null);
    forgetAnafCheck();
  };

  return (
    <RequireAccess resource="customers">
      <ScreenHeading inAppBar>{translate("resources.customers.importTitle")}</ScreenHeading>
      <Paper sx={{ p: 2, mt: 2 }}>
        {done ? (
          <Box aria-label={translate("resources.customers.summaryTitle")} role="status">
            <Alert severity="success" sx={{ mb: 2 }}>
              {done.message ?? translate("resources.customers.summaryTitle")}
            </Alert>
            <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
              {(["newItems", "updatedItems", "errorItems"] as const).map((key) => (
                <Box key={key}>
                  <Typography variant="h4" data-testid={`summary-${key}`}>
                    {done.counters[key]}
                  </Typography>
                  <Typography color="text.secondary">{translate(`resources.customers.${key}`, { smart_count: done.counters[key] })}</Typography>
                </Box>
              ))}
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" component={RouterLink} to="/customers">
                {translate("resources.customers.title")}
              </Button>
              <Button onClick={restart}>{translate("resources.customers.another")}</Button>
            </Stack>
          </Box>
        ) : (
          <>
            <Typography color="text.secondary" gutterBottom>
              {translate("resources.customers.importIntro")}
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} alignItems={{ sm: "center" }} sx={{ my: 2 }}>
              <ExcelFileInput
                file={file}
                chooseLabel={translate("resources.customers.chooseFile")}
                noFileLabel={translate("resources.customers.noFile")}
                testId="customer-file"
                onChange={(chosen) => {
                  setFile(chosen);
                  setChecked(null);
                  setError(null);
                  forgetAnafCheck();
                }}
              />
              <Box sx={{ flex: 1 }} />
              <Button
                startIcon={<DownloadIcon />}
                onClick={() =>
                  dataProvider
                    .customerImportTemplate()
                    .then((template) => saveFile(template, "model-import-clienti.xlsx"))
                    .catch(() => undefined)
                }
              >
                {translate("resources.customers.template")}
              </Button>
            </Stack>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <FormControlLabel
              control={<Checkbox checked={anafWanted} onChange={(event) => setAnafWanted(event.target.checked)} />}
              label={translate("resources.customers.anafCheck.check")}
              title={translate("resources.customers.anafCheck.checkHelp")}
            />
            <Stack direction="row" spacing={1} alignItems="center">
              <Button variant="contained" onClick={() => send(true)} disabled={busy}>
                {translate("resources.customers.check")}
              </Button>
              {checked && (
                <Button variant="contained" color="success" onClick={() => send(false)} disabled={busy}>
                  {translate("resources.customers.confirm")}
                </Button>
              )}
              {checked && anafCheck?.status === "done" && (
                <FormControlLabel
                  control={<Checkbox checked={fillFromAnaf} onChange={(event) => setFillFromAnaf(event.target.checked)} />}
                  label={translate("resources.customers.anafCheck.fill")}
                />
              )}
            </Stack>
            {checked && (
              <>
                <Alert severity="info" sx={{ mt: 2 }} data-testid="dry-run-counters">
                  {countersText(checked.counters, translate)}
                </Alert>
                {checked.ignoredColumnsNote && (
                  <Alert severity="warning" sx={{ mt: 1 }} data-testid="ignored-columns">
                    {checked.ignoredColumnsNote}
                  </Alert>
                )}
                {anafCheck && <CustomerAnafCheckReport check={anafCheck} />}
                <Preview result={checked} />
                <Rejected result={checked} onReport={report} />
              </>
            )}
          </>
        )}
      </Paper>
    </RequireAccess>
  );
}
