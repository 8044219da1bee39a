/**
 * The invoice's customer's problems for e-Factura, above 'Trimite Factura', each in the server's
 * words, with the way to the customer's screen to correct them. After the first click on the send
 * it turns prominent (an error, announced and focused) and says the next click sends anyway.
 */
import { useEffect, useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { BuyerCheck } from "../../contract/api";

export function BuyerCheckAlert({ check, prominent }: { check: BuyerCheck | undefined; prominent: boolean }) {
  const translate = useTranslate();
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!prominent) return;
    alert.current?.focus();
    alert.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [prominent]);
  if (!check || check.problems.length === 0) return null;
  return (
    <Alert
      ref={alert}
      tabIndex={-1}
      severity={prominent ? "error" : "warning"}
      variant={prominent ? "filled" : "standard"}
      role={prominent ? "alert" : "status"}
      sx={{ mt: 2 }}
      data-testid="buyer-problems"
      data-prominent={prominent}
      action={
        check.customerId !== null ? (
          <Button component={RouterLink} to={`/customers/${check.customerId}`} color="inherit" size="small" sx={{ whiteSpace: "nowrap" }}>
            {translate("resources.invoices.buyerCheck.fix")}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate("resources.invoices.buyerCheck.title", { smart_count: check.problems.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {check.problems.map((problem) => (
          <li key={problem.code}>{problem.message}</li>
        ))}
      </Box>
      {prominent && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
          {translate("resources.invoices.buyerCheck.confirm")}
        </Typography>
      )}
    </Alert>
  );
}
