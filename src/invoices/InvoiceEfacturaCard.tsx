/**
 * The invoice screen's 'e-Factura' section, for an issued invoice: its SPV status (the chip), when
 * SPV's message came, ANAF's rejection text, the deadline flag with its date, and — once the signed
 * ZIP is archived — 'Descarcă PDF (ANAF)' and 'Descarcă ZIP semnat' (EfacturaDownloads, the same
 * buttons as a received invoice's).
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Invoice } from "../../contract/api";
import { efacturaDeadlineText } from "../../contract/efactura";
import { EfacturaDownloads } from "./EfacturaDownloads";
import { EfacturaStatusChip, efacturaFlagged } from "./EfacturaStatusChip";
import { formatDay, formatWhen } from "./invoiceText";

const words = (key: string) => `resources.invoices.life.efactura.${key}`;

export function InvoiceEfacturaCard({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const efactura = invoice.efactura;
  if (!efactura) return null;
  return (
    <Box component="section" aria-labelledby="invoice-efactura-title" sx={{ my: 1 }} data-testid="invoice-efactura">
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography id="invoice-efactura-title" variant="body2" component="h3">
          {translate(words("title"))}:
        </Typography>
        {efactura.status || efacturaFlagged(efactura) ? (
          <EfacturaStatusChip efactura={efactura} />
        ) : (
          <Typography variant="body2" component="span" color="text.secondary">
            {translate(words("noMessage"))}
          </Typography>
        )}
        {efactura.messageAt && (
          <Typography variant="caption" color="text.secondary">
            {translate(words("messageAt"), { when: formatWhen(efactura.messageAt) })}
          </Typography>
        )}
      </Stack>
      {efactura.status === "rejected" && efactura.error && (
        <Alert severity="error" sx={{ mt: 1, overflowWrap: "anywhere" }} data-testid="efactura-error">
          {efactura.error}
        </Alert>
      )}
      {efacturaFlagged(efactura) && efactura.deadline && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="efactura-deadline">
          {translate(words("deadline"), { text: efacturaDeadlineText(efactura.workingDaysLeft), date: formatDay(efactura.deadline) })}
        </Alert>
      )}
      {efactura.archived && (
        <Box sx={{ mt: 1 }}>
          <EfacturaDownloads invoice={invoice} />
        </Box>
      )}
    </Box>
  );
}
