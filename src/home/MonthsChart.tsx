/**
 * The last 12 months, invoiced against received, as bars: loaded with the home alone (a lazy
 * import in MonthsPanel.tsx), so @mui/x-charts never weighs on another page. It fills its card's
 * width, a phone's too; the same figures are in MonthsTable for screen readers.
 */
import { BarChart } from "@mui/x-charts/BarChart";
import { formatMoney } from "../invoices/invoiceText";
import { monthShortName } from "./homeText";

const compact = new Intl.NumberFormat("ro-RO", { notation: "compact", maximumFractionDigits: 1 });

export interface MonthsChartProps {
  months: { month: string; invoiced: number; received: number }[];
  currency: string;
  invoicedLabel: string;
  receivedLabel: string;
}

export default function MonthsChart({ months, currency, invoicedLabel, receivedLabel }: MonthsChartProps) {
  const money = (value: number | null) => (value === null ? "" : formatMoney(value, currency));
  return (
    <BarChart
      dataset={months.map(({ month, invoiced, received }) => ({ month: monthShortName(month), invoiced, received }))}
      xAxis={[{ scaleType: "band", dataKey: "month" }]}
      yAxis={[{ valueFormatter: (value: number) => compact.format(value), width: 48 }]}
      series={[
        { dataKey: "invoiced", label: invoicedLabel, valueFormatter: money },
        { dataKey: "received", label: receivedLabel, valueFormatter: money },
      ]}
      height={280}
    />
  );
}
