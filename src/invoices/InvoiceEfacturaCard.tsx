/**
 * The invoice screen's 'e-Factura' section, for an issued invoice: its SPV status (the chip), when
 * SPV's message came, ANAF's rejection text, the deadline flag with its date, and — once the signed
 * ZIP is archived — 'Descarcă ZIP semnat' and 'Descarcă PDF (ANAF)' (authenticated downloads
 * through the data provider, like the invoice's PDF).
 */
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import type { Invoice } from "../../contract/api";
import { efacturaDeadlineText } from "../../contract/efactura";
import { errorMessage } from "../common/errorMessage";
import { saveFile } from "../common/saveFile";
import type { AppDataProvider } from "../providers/customMethods";
import { EfacturaStatusChip, efacturaFlagged } from "./EfacturaStatusChip";
import { formatDay, formatWhen } from "./invoiceText";

const words = (key: string) => `resources.invoices.life.efactura.${key}`;

export function InvoiceEfacturaCard({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState<"zip" | "pdf" | null>(null);
  const efactura = invoice.efactura;
  if (!efactura) return null;
  const name = `${invoice.sentSeries ?? ""}${invoice.sentNumber ?? ""}` || String(invoice.id);
  const download = async (kind: "zip" | "pdf") => {
    setBusy(kind);
    try {
      const file = kind === "zip" ? await dataProvider.invoiceEfacturaZip(invoice.id) : await dataProvider.invoiceEfacturaPdf(invoice.id);
      saveFile(file, `efactura-${name}.${kind}`);
    } catch (error) {
      notify(translate(words("downloadError"), { message: errorMessage(error, "") }), { type: "error" });
    } finally {
      setBusy(null);
    }
  };
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
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={busy !== null} onClick={() => void download("zip")}>
            {translate(words("downloadZip"))}
          </Button>
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} disabled={busy !== null} onClick={() => void download("pdf")}>
            {translate(words("downloadPdf"))}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
