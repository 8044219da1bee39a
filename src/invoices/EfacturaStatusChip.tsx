/**
 * An invoice's e-Factura state as a chip (the list's 'e-Factura' column, the phone's entry, the
 * invoice's screen): 'Trimisă la ANAF' (info), 'Validată' (success), 'Respinsă' (error, ANAF's
 * error in its tooltip); no SPV message yet: a warning chip with the deadline's words when it is
 * near or passed (efacturaDeadlineNear's rule: the server's workingDaysLeft), else '—'. A proforma
 * (null) shows nothing. `quiet`: '—' is left out too (the phone's entry shows only what matters).
 */
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import {
  EFACTURA_DEADLINE_WARNING_DAYS,
  EFACTURA_STATUS_LABELS,
  type InvoiceEfactura,
  efacturaDeadlineText,
} from "../../contract/efactura";

const COLORS = { sent: "info", validated: "success", rejected: "error" } as const;

/** The deadline is near or passed: the invoice is flagged. */
export const efacturaFlagged = (efactura: InvoiceEfactura | null | undefined): efactura is InvoiceEfactura & { workingDaysLeft: number } =>
  !!efactura && efactura.status === null && efactura.workingDaysLeft !== null && efactura.workingDaysLeft <= EFACTURA_DEADLINE_WARNING_DAYS;

export function EfacturaStatusChip({ efactura, quiet = false }: { efactura: InvoiceEfactura | null | undefined; quiet?: boolean }) {
  if (!efactura) return null;
  if (efactura.status) {
    const chip = <Chip size="small" color={COLORS[efactura.status]} label={EFACTURA_STATUS_LABELS[efactura.status]} data-testid="efactura-status" />;
    return efactura.status === "rejected" && efactura.error ? (
      <Tooltip title={efactura.error}>
        <span>{chip}</span>
      </Tooltip>
    ) : (
      chip
    );
  }
  if (efacturaFlagged(efactura)) {
    return <Chip size="small" color="warning" label={efacturaDeadlineText(efactura.workingDaysLeft)} data-testid="efactura-status" />;
  }
  if (quiet) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" data-testid="efactura-status">
      —
    </Typography>
  );
}
