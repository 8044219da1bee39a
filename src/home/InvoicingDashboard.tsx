/**
 * The invoicing role's home (and the super-admin's, acting on a company): GET /api/home's
 * figures, one panel per currency, then what needs following up (proformas not invoiced,
 * invoices that could not be sent, and for a company connected to SPV: 'Termen e-Factura' and
 * 'Respinse în e-Factura'). A company that has sent no invoice yet gets a friendly line
 * instead; the home's shortcuts show under it either way.
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { HomeFigures } from "../../contract/home";
import { errorMessage } from "../common/errorMessage";
import { formatDay } from "../invoices/invoiceText";
import type { AppDataProvider } from "../providers/customMethods";
import { CurrencyPanel } from "./CurrencyPanel";
import { FigureLink } from "./FigureLink";
import { efacturaDueLink, efacturaRejectedLink, proformasNotInvoicedLink, unsentInvoicesLink } from "./homeLinks";

function FollowUp({ figures }: { figures: HomeFigures }) {
  const translate = useTranslate();
  const items = [
    { what: translate("home.dashboard.proformasNotInvoiced"), count: figures.proformasNotInvoiced.count, to: proformasNotInvoicedLink() },
    { what: translate("home.dashboard.unsentInvoices"), count: figures.unsentInvoices.count, to: unsentInvoicesLink() },
    // Only for a company connected to SPV (otherwise the server sends none).
    ...(figures.efactura
      ? [
          { what: translate("home.dashboard.efacturaDue"), count: figures.efactura.due, to: efacturaDueLink() },
          { what: translate("home.dashboard.efacturaRejected"), count: figures.efactura.rejected, to: efacturaRejectedLink() },
        ]
      : []),
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-follow-up" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h3" id="home-follow-up">
          {translate("home.dashboard.followUp")}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none" }}>
          {items.map(({ what, count, to }) => (
            <Box component="li" key={what} sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.5 }}>
              <span>{what}</span>
              <FigureLink to={to} what={what} value={String(count)} sx={{ fontWeight: 500 }} />
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export function InvoicingDashboard({ tenantId }: { tenantId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Keyed by the company: a super-admin who switches company sees the new one's figures.
  const { data, error, isPending } = useQuery({
    queryKey: ["home", tenantId],
    queryFn: ({ signal }) => dataProvider.homeFigures(signal),
  });
  if (isPending) return <Typography color="text.secondary" sx={{ mt: 2 }}>{translate("home.dashboard.loading")}</Typography>;
  if (error) return <Alert severity="error" sx={{ mt: 2 }}>{translate("home.dashboard.error", { message: errorMessage(error, "") })}</Alert>;
  const nothingYet = data.currencies.length === 0;
  const toFollow = data.proformasNotInvoiced.count > 0 || data.unsentInvoices.count > 0 || (data.efactura?.due ?? 0) > 0 || (data.efactura?.rejected ?? 0) > 0;
  return (
    <Box component="section" aria-labelledby="home-dashboard" sx={{ mt: 2 }} data-testid="home-dashboard">
      <Typography variant="h6" component="h2" id="home-dashboard">
        {translate("home.dashboard.title")}
      </Typography>
      {nothingYet ? (
        <Typography sx={{ mt: 1 }} data-testid="home-dashboard-empty">{translate("home.dashboard.empty")}</Typography>
      ) : (
        <Typography color="text.secondary">{translate("home.dashboard.asOf", { date: formatDay(data.today) })}</Typography>
      )}
      {data.currencies.map((figures) => (
        <CurrencyPanel key={figures.currency} figures={figures} today={data.today} />
      ))}
      {(!nothingYet || toFollow) && <FollowUp figures={data} />}
    </Box>
  );
}
