/**
 * What SmartBill said to the entered settings: the company's VAT rates and invoice series when it
 * agreed, else its reason — and, when the user was saving, that nothing was saved and the choice
 * to save anyway.
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { SmartBillConnectionTestResult } from "../../contract/api";

export type Outcome =
  | { passed: true; result: SmartBillConnectionTestResult; saved: boolean }
  | { passed: false; message: string; offerSave: boolean };

interface Props {
  outcome: Outcome;
  pending: boolean;
  onSaveAnyway: () => void;
}

export function TestOutcome({ outcome, pending, onSaveAnyway }: Props) {
  const translate = useTranslate();
  if (!outcome.passed) {
    return (
      <Alert severity="error" data-testid="connection-test-outcome" sx={{ overflowWrap: "anywhere" }}>
        {outcome.message}
        {outcome.offerSave && (
          <>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate("smartbillConnection.notSaved")}
            </Typography>
            <Button variant="outlined" color="inherit" size="small" sx={{ mt: 1 }} disabled={pending} onClick={onSaveAnyway}>
              {translate("smartbillConnection.saveAnyway")}
            </Button>
          </>
        )}
      </Alert>
    );
  }
  const { taxes, series } = outcome.result;
  const taxList = taxes.map((tax) => `${tax.name} ${tax.percentage}%`).join(", ");
  const seriesList = series
    .map((one) => translate("smartbillConnection.seriesItem", { name: one.name, next: one.nextNumber }))
    .join(", ");
  return (
    <Alert severity="success" data-testid="connection-test-outcome">
      <AlertTitle>{translate(outcome.saved ? "smartbillConnection.passedAndSaved" : "smartbillConnection.passed")}</AlertTitle>
      <Typography variant="body2">{translate("smartbillConnection.taxes", { list: taxList })}</Typography>
      <Typography variant="body2">
        {series.length > 0 ? translate("smartbillConnection.series", { list: seriesList }) : translate("smartbillConnection.noSeries")}
      </Typography>
    </Alert>
  );
}
