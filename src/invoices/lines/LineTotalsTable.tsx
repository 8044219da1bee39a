/**
 * The invoice's totals per currency under the lines, from the cells as typed: they follow every
 * keystroke in a quantity or a price (the store's changes), while no row re-renders for them, and
 * only a currency whose figures changed renders again.
 */
import { memo, useSyncExternalStore } from "react";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { formatAmount } from "../lineTotals";
import type { LineStore } from "./lineStore";

const tableBoxSx = { mt: 2 } as const;
const tableSx = { maxWidth: 520, ml: "auto" } as const;

/** The header: the same at every keystroke, so rendered once. */
const TotalsHead = memo(function TotalsHead() {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        <TableCell />
        <TableCell align="right">{translate("resources.invoices.totals.net")}</TableCell>
        <TableCell align="right">{translate("resources.invoices.totals.vat")}</TableCell>
        <TableCell align="right">{translate("resources.invoices.totals.gross")}</TableCell>
      </TableRow>
    </TableHead>
  );
});

/** One currency's totals, as text: a keystroke that leaves them as they were renders nothing here. */
const TotalsRow = memo(function TotalsRow({ currency, net, vat, gross }: { currency: string; net: string; vat: string; gross: string }) {
  return (
    <TableRow data-testid={`totals-${currency}`}>
      <TableCell>{currency}</TableCell>
      <TableCell align="right">{net}</TableCell>
      <TableCell align="right">{vat}</TableCell>
      <TableCell align="right">{gross}</TableCell>
    </TableRow>
  );
});

export function LineTotalsTable({ store, precision }: { store: LineStore; precision: number }) {
  const translate = useTranslate();
  const totals = useSyncExternalStore(store.subscribeChanges, store.totals);
  if (totals.length === 0) return null;
  return (
    <Box sx={tableBoxSx} aria-label={translate("resources.invoices.totals.title")} role="region">
      <Table size="small" sx={tableSx}>
        <TotalsHead />
        <TableBody>
          {totals.map((total) => (
            <TotalsRow
              key={total.currency}
              currency={total.currency}
              net={formatAmount(total.net, precision)}
              vat={formatAmount(total.vat, precision)}
              gross={formatAmount(total.gross, precision)}
            />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
