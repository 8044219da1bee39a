/**
 * The last 12 months of one currency, invoiced against received: a bar chart, or the same
 * figures as a table ('Arată tabelul'), which a screen reader reads and where each month's
 * invoiced figure leads to that month's invoices. The chart's library loads only here, and a
 * chart that cannot load (its file unreachable, a browser without what it needs) leaves the table.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { CurrencyFigures } from "../../contract/home";
import { MonthsTable } from "./MonthsTable";

const MonthsChart = lazy(() => import("./MonthsChart"));

/** Shows `fallback` instead of children that failed to load or render. */
class UnlessFailed extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function MonthsPanel({ figures }: { figures: CurrencyFigures }) {
  const translate = useTranslate();
  const [asTable, setAsTable] = useState(false);
  const title = translate("home.dashboard.months");
  const headingId = `home-months-${figures.currency}`;
  const table = <MonthsTable figures={figures} caption={`${title} (${figures.currency})`} />;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
        <Typography variant="subtitle1" component="h4" id={headingId}>
          {title}
        </Typography>
        <Button size="small" onClick={() => setAsTable(!asTable)} aria-pressed={asTable}>
          {translate(asTable ? "home.dashboard.showChart" : "home.dashboard.showTable")}
        </Button>
      </Box>
      {asTable ? (
        <Box sx={{ overflowX: "auto" }}>{table}</Box>
      ) : (
        <UnlessFailed fallback={table}>
          <Suspense fallback={<Typography color="text.secondary">{translate("home.dashboard.chartLoading")}</Typography>}>
            {/* The bars say nothing to a screen reader: it is pointed to the table, which holds the same figures. */}
            <Box role="img" aria-label={`${title} (${figures.currency}). ${translate("home.dashboard.showTable")}.`} sx={{ width: "100%", minWidth: 0 }}>
              <MonthsChart
                months={figures.months}
                currency={figures.currency}
                invoicedLabel={translate("home.dashboard.invoiced")}
                receivedLabel={translate("home.dashboard.received")}
              />
            </Box>
          </Suspense>
        </UnlessFailed>
      )}
    </Box>
  );
}
