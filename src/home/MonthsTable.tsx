/** The last 12 months as a table: what the chart shows, for screen readers and for reading figures exactly. */
import { useTranslate } from "react-admin";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { CurrencyFigures } from "../../contract/home";
import { formatMoney } from "../invoices/invoiceText";
import { FigureLink } from "./FigureLink";
import { invoicedLink } from "./homeLinks";
import { monthName } from "./homeText";

export function MonthsTable({ figures, caption }: { figures: CurrencyFigures; caption: string }) {
  const translate = useTranslate();
  const { currency } = figures;
  const invoiced = translate("home.dashboard.invoiced");
  return (
    <Table size="small" sx={{ "& td, & thead th:not(:first-of-type)": { textAlign: "right", whiteSpace: "nowrap" }, "& td, & th": { px: 1 } }}>
      <caption style={{ captionSide: "top", textAlign: "left", padding: 0 }}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">{translate("home.dashboard.month")}</TableCell>
          <TableCell component="th" scope="col">{invoiced}</TableCell>
          <TableCell component="th" scope="col">{translate("home.dashboard.received")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {figures.months.map(({ month, invoiced: amount, received }) => (
          <TableRow key={month}>
            <TableCell component="th" scope="row">{monthName(month)}</TableCell>
            <TableCell>
              <FigureLink to={invoicedLink(currency, month)} what={`${invoiced}, ${monthName(month)}`} value={formatMoney(amount, currency)} />
            </TableCell>
            <TableCell>{formatMoney(received, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
