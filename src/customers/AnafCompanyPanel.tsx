/**
 * What ANAF says of a company now, in a few lines beside the customer's form or page: VAT payer
 * (since when), VAT on receipts, RO e-Factura's registry (since when), ANAF's own registration
 * text word for word, and, first and in colour, a company inactive or struck off, since the
 * invoices made out to it are what e-Factura refuses. Dates as Romanians write them (15.09.2021).
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { AnafCompany } from "../../contract/anaf";
import { formatRoDate } from "../common/RoDateField";

export function AnafCompanyPanel({ company }: { company: AnafCompany }) {
  const translate = useTranslate();
  const say = (key: string, date?: string | null) =>
    translate(`resources.customers.anaf.${date ? `${key}Since` : key}`, date ? { date: formatRoDate(date) } : undefined);
  const line = (text: string) => <Typography variant="body2">{text}</Typography>;
  return (
    <Paper variant="outlined" component="section" aria-label={translate("resources.customers.anaf.panel")} sx={{ p: 1.5, mt: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {translate("resources.customers.anaf.panel")}
        </Typography>
        {company.demo && <Chip size="small" color="info" label={translate("resources.customers.anaf.demo")} />}
      </Stack>
      <Stack spacing={0.5}>
        {company.struckOffOn && <Alert severity="error">{translate("resources.customers.anaf.struckOffOn", { date: formatRoDate(company.struckOffOn) })}</Alert>}
        {company.inactive && <Alert severity="warning">{say("inactive", company.inactiveSince)}</Alert>}
        {line(company.vatPayer ? say("vatPayer", company.vatSince) : translate("resources.customers.anaf.notVatPayer"))}
        {line(translate(`resources.customers.anaf.${company.vatOnReceipts ? "vatOnReceipts" : "noVatOnReceipts"}`))}
        {line(company.eInvoiceRegistered ? say("eInvoice", company.eInvoiceSince) : translate("resources.customers.anaf.noEInvoice"))}
        {company.registrationText && (
          <Typography variant="body2">
            {translate("resources.customers.anaf.registration")}: <q>{company.registrationText}</q>
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate("resources.customers.anaf.checkedOn", { date: formatRoDate(company.checkedAt) })}
        </Typography>
      </Stack>
    </Paper>
  );
}
