/**
 * One currency's figures on the home (currencies are never added together): invoiced this month
 * against last month and the same month last year, received this month, unpaid, overdue by age,
 * the last 12 months, and the customers who owe the most. Every figure links to the list of what
 * it counts (homeLinks.ts). The cards stand side by side on a wide screen and stack on a phone.
 */
import type { ReactNode } from "react";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { AgingBucket, CurrencyFigures } from "../../contract/home";
import { formatMoney } from "../invoices/invoiceText";
import { FigureLink } from "./FigureLink";
import { bucketLink, invoicedLink, monthBefore, overdueLink, unpaidLink } from "./homeLinks";
import { changeText, monthName } from "./homeText";
import { MonthsPanel } from "./MonthsPanel";
import { TopDebtors } from "./TopDebtors";

const OVERDUE_BUCKETS: readonly AgingBucket[] = ["1-30", "31-60", "61-90", "90+"];

function FigureCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h4">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const BIG = { fontSize: "1.5rem", fontWeight: 500, display: "inline-block", my: 0.5 } as const;

export function CurrencyPanel({ figures, today }: { figures: CurrencyFigures; today: string }) {
  const translate = useTranslate();
  const { currency } = figures;
  const money = (value: number) => formatMoney(value, currency);
  const count = (n: number) => translate("home.dashboard.invoiceCount", { smart_count: n });
  const thisMonth = monthBefore(today, 0);
  const lastMonth = monthBefore(today, 1);
  const lastYear = monthBefore(today, 12);
  const invoicedWords = translate("home.dashboard.invoicedThisMonth");
  const lastMonthWords = translate("home.dashboard.invoicedLastMonth");
  const lastYearWords = translate("home.dashboard.invoicedSameMonthLastYear", { month: monthName(thisMonth).split(" ")[0] });
  const change = (before: number, what: string) => {
    const percent = changeText(figures.invoicedThisMonth, before);
    return percent === null ? translate("home.dashboard.noChange") : translate("home.dashboard.change", { percent, what: translate(what) });
  };
  const headingId = `home-currency-${currency}`;
  const unpaidWords = translate("home.dashboard.unpaid");
  const overdueWords = translate("home.dashboard.overdue");

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }} data-testid={`home-currency-${currency}`}>
      <Typography variant="h6" component="h3" id={headingId}>
        {translate("home.dashboard.inCurrency", { currency })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, mt: 1, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" } }}>
        <FigureCard title={invoicedWords} testId="figure-invoiced">
          <FigureLink to={invoicedLink(currency, thisMonth)} what={invoicedWords} value={money(figures.invoicedThisMonth)} sx={BIG} />
          <Typography variant="body2">
            {lastMonthWords}:{" "}
            <FigureLink to={invoicedLink(currency, lastMonth)} what={`${translate("home.dashboard.invoiced")}, ${monthName(lastMonth)}`} value={money(figures.invoicedLastMonth)} />
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="change-last-month">
            {change(figures.invoicedLastMonth, "home.dashboard.lastMonthWords")}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {lastYearWords}:{" "}
            <FigureLink to={invoicedLink(currency, lastYear)} what={`${translate("home.dashboard.invoiced")}, ${monthName(lastYear)}`} value={money(figures.invoicedSameMonthLastYear)} />
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="change-last-year">
            {change(figures.invoicedSameMonthLastYear, "home.dashboard.lastYearWords")}
          </Typography>
        </FigureCard>
        <FigureCard title={translate("home.dashboard.receivedThisMonth")} testId="figure-received">
          <Typography sx={BIG}>{money(figures.receivedThisMonth)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate("home.dashboard.receivedHint")}
          </Typography>
        </FigureCard>
        <FigureCard title={unpaidWords} testId="figure-unpaid">
          <FigureLink to={unpaidLink(currency)} what={unpaidWords} value={money(figures.unpaid)} sx={BIG} />
          <Typography variant="body2" color="text.secondary">
            {count(figures.unpaidCount)}
          </Typography>
        </FigureCard>
        <FigureCard title={overdueWords} testId="figure-overdue">
          <FigureLink to={overdueLink(currency)} what={overdueWords} value={money(figures.overdue)} sx={{ ...BIG, color: figures.overdue > 0 ? "error.main" : undefined }} />
          <Typography variant="body2" color="text.secondary">
            {count(figures.overdueCount)}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: "grid", gridTemplateColumns: "auto auto", columnGap: 1, "& dd": { m: 0, textAlign: "right", whiteSpace: "nowrap" } }}>
            {OVERDUE_BUCKETS.map((bucket) => {
              const { amount, count: n } = figures.buckets[bucket];
              const label = translate(`home.dashboard.buckets.${bucket}`);
              return [
                <Typography key={`${bucket}-label`} component="dt" variant="body2">
                  {label} ({n})
                </Typography>,
                <Typography key={`${bucket}-value`} component="dd" variant="body2">
                  <FigureLink to={bucketLink(currency, bucket)} what={`${overdueWords}, ${label}`} value={money(amount)} />
                </Typography>,
              ];
            })}
          </Box>
        </FigureCard>
      </Box>
      <Box sx={{ display: "grid", gap: 2, mt: 2, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" } }}>
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <CardContent>
            <MonthsPanel figures={figures} />
          </CardContent>
        </Card>
        {figures.topDebtors.length > 0 && (
          <Card variant="outlined" sx={{ minWidth: 0 }}>
            <CardContent sx={{ overflowX: "auto" }}>
              <TopDebtors figures={figures} caption={`${translate("home.dashboard.topDebtors")} (${currency})`} />
            </CardContent>
          </Card>
        )}
      </Box>
    </Box>
  );
}
