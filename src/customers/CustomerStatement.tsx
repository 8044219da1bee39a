/**
 * 'Fișa client' on a customer's page: the statement of a period (this year's 1 January to today
 * unless changed) as the server computes it, one table per currency (never added together):
 * the opening balance, each invoice, storno, payment and SmartBill payment with the running
 * balance, the period's totals and the closing balance in bold. The same statement downloads
 * as the server's PDF or workbook, or goes to an address by e-mail (StatementEmailDialog).
 * A period the server refuses (a day that does not exist, backwards, too long) shows its reason.
 */
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { Link } from "react-router-dom";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import EmailIcon from "@mui/icons-material/EmailOutlined";
import GridOnIcon from "@mui/icons-material/GridOnOutlined";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdfOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Customer, CustomerStatement as Statement, StatementCurrency } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { saveFile } from "../common/saveFile";
import { romanianToday } from "../common/romanianTime";
import { formatDay } from "../invoices/invoiceText";
import { formatAmount } from "../invoices/lineTotals";
import type { AppDataProvider, StatementPeriod } from "../providers/customMethods";
import { StatementEmailDialog } from "./StatementEmailDialog";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** This year's 1 January to today, Romania's (the server's and the invoices' calendar). */
export function defaultStatementPeriod(now = new Date()): StatementPeriod {
  const to = romanianToday(now);
  return { dateFrom: `${to.slice(0, 4)}-01-01`, dateTo: to };
}

const amount = (value: number) => formatAmount(value, 2);
const blankWhenZero = (value: number) => (value === 0 ? "" : amount(value));

/** '… statement/fisa-client-CL1-2026-01-01-2026-11-27.pdf': the server's name is ASCII; ours says the same. */
const fileName = (customer: Customer, period: StatementPeriod, format: "pdf" | "xlsx") =>
  `fisa-client-${customer.codClient.replace(/[^A-Za-z0-9_-]+/g, "_") || customer.id}-${period.dateFrom}-${period.dateTo}.${format}`;

function CurrencyTable({ statement, part }: { statement: Statement; part: StatementCurrency }) {
  const translate = useTranslate();
  const word = (key: string) => translate(`customerStatement.${key}`);
  const numeric = { textAlign: "right", whiteSpace: "nowrap" } as const;
  const bold = { fontWeight: 700 } as const;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {translate("customerStatement.currency", { currency: part.currency })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={translate("customerStatement.currency", { currency: part.currency })}>
          <TableHead>
            <TableRow>
              <TableCell>{word("columns.date")}</TableCell>
              <TableCell>{word("columns.document")}</TableCell>
              <TableCell>{word("columns.description")}</TableCell>
              <TableCell sx={numeric}>{word("columns.debit")}</TableCell>
              <TableCell sx={numeric}>{word("columns.credit")}</TableCell>
              <TableCell sx={numeric}>{word("columns.balance")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell>{formatDay(statement.dateFrom)}</TableCell>
              <TableCell />
              <TableCell sx={{ fontStyle: "italic" }}>{word("opening")}</TableCell>
              <TableCell />
              <TableCell />
              <TableCell sx={numeric}>{amount(part.opening)}</TableCell>
            </TableRow>
            {part.entries.map((entry, index) => (
              <TableRow key={`${entry.kind}-${entry.invoiceId}-${index}`}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDay(entry.date)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {entry.invoiceId === null ? entry.document : <Link to={`/invoices/${entry.invoiceId}`}>{entry.document}</Link>}
                </TableCell>
                <TableCell>{entry.description}</TableCell>
                <TableCell sx={numeric}>{blankWhenZero(entry.debit)}</TableCell>
                <TableCell sx={numeric}>{blankWhenZero(entry.credit)}</TableCell>
                <TableCell sx={numeric}>{amount(entry.balance)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={3} sx={bold}>
                {word("totals")}
              </TableCell>
              <TableCell sx={{ ...numeric, ...bold }}>{amount(part.debit)}</TableCell>
              <TableCell sx={{ ...numeric, ...bold }}>{amount(part.credit)}</TableCell>
              <TableCell />
            </TableRow>
            <TableRow>
              <TableCell colSpan={5} sx={bold}>
                {`${word("closing")} (${formatDay(statement.dateTo)})`}
              </TableCell>
              <TableCell sx={{ ...numeric, ...bold }} data-testid={`closing-${part.currency}`}>
                {`${amount(part.closing)} ${part.currency}`}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

export function CustomerStatement({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [period, setPeriod] = useState<StatementPeriod>(() => defaultStatementPeriod());
  const [emailing, setEmailing] = useState(false);
  // Asked only once both days are whole (a date input is '' while a day is being typed).
  const complete = DAY.test(period.dateFrom) && DAY.test(period.dateTo);
  const query = useQuery({
    queryKey: ["customerStatement", customer.id, period],
    queryFn: ({ signal }) => dataProvider.customerStatement(customer.id, period, signal),
    enabled: complete,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const statement = query.isError ? undefined : query.data;

  const download = (format: "pdf" | "xlsx") =>
    dataProvider
      .customerStatementFile(customer.id, period, format)
      .then((file) => saveFile(file, fileName(customer, period, format)))
      .catch((failure) => notify(translate("customerStatement.fileError", { message: errorMessage(failure, "") }), { type: "error" }));

  return (
    <Card component="section" aria-labelledby="customer-statement-title" sx={{ mt: 2 }}>
      <CardContent>
        <Stack spacing={2}>
          <Typography id="customer-statement-title" variant="h6" component="h2">
            {translate("customerStatement.title")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap", alignItems: { sm: "center" } }}>
            <TextField
              type="date"
              size="small"
              label={translate("customerStatement.dateFrom")}
              value={period.dateFrom}
              onChange={(event) => setPeriod((current) => ({ ...current, dateFrom: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={translate("customerStatement.dateTo")}
              value={period.dateTo}
              onChange={(event) => setPeriod((current) => ({ ...current, dateTo: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button startIcon={<PictureAsPdfIcon />} disabled={!statement} onClick={() => void download("pdf")}>
              {translate("customerStatement.downloadPdf")}
            </Button>
            <Button startIcon={<GridOnIcon />} disabled={!statement} onClick={() => void download("xlsx")}>
              {translate("customerStatement.downloadXlsx")}
            </Button>
            <Button startIcon={<EmailIcon />} disabled={!statement} onClick={() => setEmailing(true)}>
              {translate("customerStatement.email.action")}
            </Button>
          </Stack>
          {query.isError ? (
            <Alert severity="error">{translate("customerStatement.loadError", { message: errorMessage(query.error, "") })}</Alert>
          ) : !statement ? (
            complete && <Typography variant="body2">{translate("customerStatement.loading")}</Typography>
          ) : statement.currencies.length === 0 ? (
            <Typography variant="body2">{translate("customerStatement.nothing")}</Typography>
          ) : (
            statement.currencies.map((part) => <CurrencyTable key={part.currency} statement={statement} part={part} />)
          )}
        </Stack>
      </CardContent>
      {emailing && <StatementEmailDialog customer={customer} period={period} onClose={() => setEmailing(false)} />}
    </Card>
  );
}
