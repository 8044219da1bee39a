/**
 * The invoice's totals per currency under the lines, from the cells as typed: they follow every
 * keystroke in a quantity or a price (the store's changes), while no row re-renders for them.
 */
import { useSyncExternalStore } from "react";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { formatAmount } from "../lineTotals";
import type { LineStore } from "./lineStore";

export function LineTotalsTable({ store, precision }: { store: LineStore; precision: number }) {
  const translate = useTranslate();
  const totals = useSyncExternalStore(store.subscribeChanges, store.totals);
  if (totals.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} aria-label={translate("resources.invoices.totals.title")} role="region">
      <Table size="small" sx={{ maxWidth: 520, ml: "auto" }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{translate("resources.invoices.totals.net")}</TableCell>
            <TableCell align="right">{translate("resources.invoices.totals.vat")}</TableCell>
            <TableCell align="right">{translate("resources.invoices.totals.gross")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.map((total) => (
            <TableRow key={total.currency} data-testid={`totals-${total.currency}`}>
              <TableCell>{total.currency}</TableCell>
              <TableCell align="right">{formatAmount(total.net, precision)}</TableCell>
              <TableCell align="right">{formatAmount(total.vat, precision)}</TableCell>
              <TableCell align="right">{formatAmount(total.gross, precision)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
