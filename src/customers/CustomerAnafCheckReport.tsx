/**
 * The dry run's ANAF part: the check's progress while it runs (it is a task on the server, up to
 * a minute for a big file), then its findings per row, or ANAF's one message when it could not
 * be reached. The findings are warnings: the import goes on whatever they say.
 */
import { useEffect } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { CustomerAnafCheck } from "../../contract/api";
import type { AppDataProvider } from "../providers/customMethods";

/** How often the screen asks for the check's progress. */
const POLL_MS = 500;

export function useCustomerAnafCheck(taskId: number | null, onChange: (check: CustomerAnafCheck) => void, onError: (error: unknown) => void) {
  const dataProvider = useDataProvider<AppDataProvider>();
  useEffect(() => {
    if (taskId === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      dataProvider
        .customerAnafCheck(taskId, controller.signal)
        .then((check) => {
          if (controller.signal.aborted) return;
          onChange(check);
          if (check.status === "queued" || check.status === "running") timer = setTimeout(ask, POLL_MS);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) onError(error);
        });
    };
    ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // Asked again only for another task: onChange and onError are the screen's state setters.
  }, [taskId, dataProvider]);
}

export function CustomerAnafCheckReport({ check }: { check: CustomerAnafCheck }) {
  const translate = useTranslate();
  if (check.status === "failed") {
    return (
      <Alert severity="warning" sx={{ mt: 2 }} data-testid="anaf-unavailable">
        {check.errorText}
      </Alert>
    );
  }
  if (check.status !== "done") {
    const percent = check.total > 0 ? (check.processed * 100) / check.total : 0;
    const label =
      check.status === "queued" ? translate("resources.customers.anafCheck.waiting") : translate("resources.customers.anafCheck.progress", { processed: check.processed, total: check.total });
    return (
      <Box sx={{ mt: 2 }} role="status" data-testid="anaf-progress">
        <Typography variant="body2" gutterBottom>
          {label}
        </Typography>
        <LinearProgress variant={check.status === "queued" ? "indeterminate" : "determinate"} value={percent} aria-label={label} />
      </Box>
    );
  }
  if (check.findings.length === 0) {
    return (
      <Alert severity="success" sx={{ mt: 2 }} data-testid="anaf-none">
        {check.message ?? translate("resources.customers.anafCheck.none")}
      </Alert>
    );
  }
  const title = translate("resources.customers.anafCheck.findingsTitle", { count: check.findings.length });
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2" color="warning.main">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {check.message} {translate("resources.customers.anafCheck.findingsNote")}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("resources.customers.rejectedRow")}</TableCell>
            <TableCell>{translate("resources.customers.fields.codClient")}</TableCell>
            <TableCell>{translate("resources.customers.anafCheck.cif")}</TableCell>
            <TableCell>{translate("resources.customers.anafCheck.finding")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {check.findings.map((finding) => (
            <TableRow key={finding.row}>
              <TableCell>{finding.row}</TableCell>
              <TableCell>{finding.codClient}</TableCell>
              <TableCell>{finding.cui}</TableCell>
              <TableCell>{finding.messages.join(" ")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
