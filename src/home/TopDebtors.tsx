/** The ten customers of one currency who owe the most, each leading to their unpaid invoices in 'Scadențe'. */
import { useTranslate } from "react-admin";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { CurrencyFigures } from "../../contract/home";
import { formatMoney } from "../invoices/invoiceText";
import { FigureLink } from "./FigureLink";
import { debtorLink } from "./homeLinks";

export function TopDebtors({ figures, caption }: { figures: CurrencyFigures; caption: string }) {
  const translate = useTranslate();
  const { currency } = figures;
  const owes = translate("home.dashboard.debtorUnpaid");
  return (
    // The amounts never break between digits and currency; the names break between words only. On a
    // phone the count gives its room to them (the list it links to counts the invoices too).
    <Table
      size="small"
      sx={{
        "& td, & thead th:not(:first-of-type)": { textAlign: "right", whiteSpace: "nowrap" },
        "& td, & th": { px: 1 },
        "& .debtor-count": { display: { xs: "none", sm: "table-cell" } },
      }}
    >
      <caption style={{ captionSide: "top", textAlign: "left", padding: 0 }}>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">{translate("home.dashboard.client")}</TableCell>
          <TableCell component="th" scope="col">{owes}</TableCell>
          <TableCell component="th" scope="col">{translate("home.dashboard.debtorOverdue")}</TableCell>
          <TableCell component="th" scope="col" className="debtor-count">
            {translate("home.dashboard.debtorCount")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {figures.topDebtors.map((debtor) => {
          const name = debtor.clientName || translate("home.dashboard.unknownClient");
          const unpaid = formatMoney(debtor.unpaid, currency);
          return (
            <TableRow key={`${debtor.clientId ?? "none"}-${name}`}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: "break-word" }}>{name}</TableCell>
              <TableCell>
                {/* A customer no longer in the list has no id to filter by: the figure alone. */}
                {debtor.clientId === null ? unpaid : <FigureLink to={debtorLink(currency, debtor.clientId)} what={`${owes}, ${name}`} value={unpaid} />}
              </TableCell>
              <TableCell>{formatMoney(debtor.overdue, currency)}</TableCell>
              <TableCell className="debtor-count">{debtor.count}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
