/**
 * A customer's statement ('Fișa client') for a period, per currency (never added together):
 *
 * - opening: what was invoiced to the customer minus what was received before the period;
 * - entries, in date order: each invoice (debit), each storno (credit, its amount positive), each
 *   payment recorded through us (credit, named by its receipt when one was issued), and what
 *   SmartBill counts as paid beyond the payments recorded here (`smartbill`: paymentPaid −
 *   recorded, dated when SmartBill's status was read; a debit when SmartBill counts less, e.g. a
 *   payment deleted there), each with the running balance;
 * - the period's debit and credit, and the closing balance.
 *
 * Invoiced counts as the home counts it (`documentType='invoice'`, issued, neither cancelled nor
 * deleted, amount `sentTotal`, storno negative on its own day), so that for a period ending today
 * the closing balance is the sum of the customer's stored `unpaid` in that currency
 * (invoices/receivable.ts). An invoice whose total we cannot sum (a line in another currency:
 * `sentTotal` null) counts at SmartBill's total as read, as its `unpaid` does. Payments of an invoice that no longer counts (cancelled, deleted)
 * leave with it. SmartBill's extra payments are read only for invoices that can still be
 * collected: a reversed invoice and its storno net to zero and collect nothing.
 *
 * The opening balance is summed by the database; only the period's lines are read, at most
 * MAX_STATEMENT_ENTRIES of them.
 */
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { CustomerStatement, StatementCurrency, StatementEntry } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { customerMessages, statementMessages } from "../../../messages";
import { fromBucharestWallClock, romanianDate } from "../../../smartbill/bucharestTime";

/** The longest period a statement covers. */
export const MAX_STATEMENT_YEARS = 5;
/**
 * The most lines a statement shows. pdfmake lays a PDF out in one go, blocking the process: 2,000
 * lines take ~4 s on a busy 2-core machine; a customer with more in one period asks for a shorter one.
 */
export const MAX_STATEMENT_ENTRIES = 2_000;

export interface StatementPeriod {
  dateFrom: string;
  dateTo: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd. */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

/** The period asked for, checked; this year's 1 January to today (Romania's) when a day is absent. */
export function statementPeriod(query: { dateFrom?: string; dateTo?: string }, today: string = romanianDate(Date.now())): StatementPeriod {
  const dateFrom = query.dateFrom?.trim() || `${today.slice(0, 4)}-01-01`;
  const dateTo = query.dateTo?.trim() || today;
  const problems: Record<string, string> = {};
  if (!isDay(dateFrom)) problems.dateFrom = statementMessages.dateInvalid.dateFrom;
  if (!isDay(dateTo)) problems.dateTo = statementMessages.dateInvalid.dateTo;
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(400, first, problems);
  if (dateFrom > dateTo) throw new HttpError(400, statementMessages.periodReversed, { dateFrom: statementMessages.periodReversed });
  const latestEnd = `${Number(dateFrom.slice(0, 4)) + MAX_STATEMENT_YEARS}${dateFrom.slice(4)}`;
  if (dateTo >= latestEnd) {
    const message = statementMessages.periodTooLong(MAX_STATEMENT_YEARS);
    throw new HttpError(400, message, { dateTo: message });
  }
  return { dateFrom, dateTo };
}

/** 'yyyy-mm-dd' as Romanians write it: '27.11.2026'. */
export const romanianDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The instant Romania's day begins (stored times are UTC text: compared as text). */
function dayStart(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(fromBucharestWallClock({ year, month, day: date, hour: 0, minute: 0, second: 0 })!).toISOString();
}

/** The next calendar day. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const cents = (amount: number | string | null | undefined) => Math.round(Number(amount ?? 0) * 100);
const fromCents = (value: number) => value / 100;

const KIND_ORDER: Record<StatementEntry["kind"], number> = { invoice: 0, storno: 1, payment: 2, smartbill: 3 };

/** A line before its running balance: amounts in cents. */
interface Line {
  date: string;
  kind: StatementEntry["kind"];
  document: string;
  description: string;
  debit: number;
  credit: number;
  invoiceId: number | null;
  order: number;
}

const documentName = (series: string | null, number: string | null) => `${series ?? ""} ${number ?? ""}`.trim();

type CountedQuery<O> = SelectQueryBuilder<Database, "invoices", O>;

export async function customerStatement(db: Kysely<Database>, tenantId: number, customerId: number, period: StatementPeriod): Promise<CustomerStatement> {
  const customer = await db
    .selectFrom("customers")
    .select(["id", "clientName", "cif", "email"])
    .where("tenantId", "=", tenantId)
    .where("id", "=", customerId)
    .executeTakeFirst();
  if (!customer) throw new HttpError(404, customerMessages.notFound);
  const { dateFrom, dateTo } = period;

  /** The customer's invoices that count as invoiced (as the home counts them). */
  const counted = <O>(query: CountedQuery<O>): CountedQuery<O> =>
    query
      .where("invoices.tenantId", "=", tenantId)
      .where("invoices.clientId", "=", customerId)
      .where("invoices.documentType", "=", "invoice")
      .where("invoices.status", "=", "sent")
      .where("invoices.cancelledAt", "is", null)
      .where("invoices.deletedAt", "is", null)
      .where("invoices.sentNumber", "is not", null)
      .where((eb) => eb.or([eb("invoices.sentTotal", "is not", null), eb("invoices.paymentTotal", "is not", null)]));
  /** An invoice's amount: its total as issued, or, when that is unknown (a line in another currency), SmartBill's as read. */
  const invoiced = sql<number>`coalesce(${sql.ref("invoices.sentTotal")}, ${sql.ref("invoices.paymentTotal")})`;
  const recordedPayments = () =>
    counted(db.selectFrom("invoices")).innerJoin("invoice_payments as p", "p.invoiceId", "invoices.id").where("p.status", "=", "recorded");

  const [invoicedBefore, receivedBefore, smartBillRows, invoiceRows, paymentRows] = await Promise.all([
    counted(db.selectFrom("invoices"))
      .where("invoices.issueDate", "<", dateFrom)
      .select(["invoices.currency", (eb) => eb.fn.sum<number>(invoiced).as("amount")])
      .groupBy("invoices.currency")
      .execute(),
    recordedPayments()
      .where("p.date", "<", dateFrom)
      .select([(eb) => eb.fn.coalesce("p.currency", "invoices.currency").as("currency"), (eb) => eb.fn.sum<number>("p.amount").as("amount")])
      .groupBy((eb) => eb.fn.coalesce("p.currency", "invoices.currency"))
      .execute(),
    // SmartBill's paid amount against ours, for the invoices still to be collected whose status was read by the period's end.
    counted(db.selectFrom("invoices"))
      .where("invoices.reversedById", "is", null)
      .where("invoices.reversalOfId", "is", null)
      .where("invoices.paymentCheckedAt", "is not", null)
      .where("invoices.paymentCheckedAt", "<", dayStart(nextDay(dateTo)))
      .select((eb) => [
        "invoices.id",
        "invoices.currency",
        "invoices.sentSeries",
        "invoices.sentNumber",
        "invoices.paymentPaid",
        "invoices.paymentCheckedAt",
        eb
          .selectFrom("invoice_payments as p")
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("p.amount"), sql<number>`0`).as("recorded"))
          .whereRef("p.invoiceId", "=", "invoices.id")
          .where("p.status", "=", "recorded")
          .as("recorded"),
      ])
      .where(
        sql<boolean>`abs(coalesce(${sql.ref("invoices.paymentPaid")}, 0) - coalesce((select sum(q.amount) from invoice_payments q where q."invoiceId" = invoices.id and q.status = 'recorded'), 0)) >= 0.005`,
      )
      .orderBy("invoices.id")
      .execute(),
    counted(db.selectFrom("invoices"))
      .leftJoin("invoices as original", "original.id", "invoices.reversalOfId")
      .where("invoices.issueDate", ">=", dateFrom)
      .where("invoices.issueDate", "<=", dateTo)
      .select([
        "invoices.id",
        "invoices.issueDate",
        "invoices.dueDate",
        "invoices.currency",
        "invoices.sentSeries",
        "invoices.sentNumber",
        invoiced.as("amount"),
        "invoices.reversalOfId",
        "original.sentSeries as originalSeries",
        "original.sentNumber as originalNumber",
      ])
      .orderBy("invoices.issueDate")
      .orderBy("invoices.id")
      .limit(MAX_STATEMENT_ENTRIES + 1)
      .execute(),
    recordedPayments()
      .where("p.date", ">=", dateFrom)
      .where("p.date", "<=", dateTo)
      .select([
        "p.id",
        "p.date",
        "p.amount",
        "p.type",
        "p.receiptSeries",
        "p.receiptNumber",
        (eb) => eb.fn.coalesce("p.currency", "invoices.currency").as("currency"),
        "invoices.id as invoiceId",
        "invoices.sentSeries",
        "invoices.sentNumber",
      ])
      .orderBy("p.date")
      .orderBy("p.id")
      .limit(MAX_STATEMENT_ENTRIES + 1)
      .execute(),
  ]);

  const opening = new Map<string, number>();
  const addOpening = (currency: string, amount: number) => opening.set(currency, (opening.get(currency) ?? 0) + amount);
  for (const row of invoicedBefore) addOpening(row.currency, cents(row.amount));
  for (const row of receivedBefore) addOpening(row.currency, -cents(row.amount));

  const lines = new Map<string, Line[]>();
  const addLine = (currency: string, line: Line) => {
    const list = lines.get(currency) ?? [];
    list.push(line);
    lines.set(currency, list);
  };
  for (const row of invoiceRows) {
    const amount = cents(row.amount);
    const document = documentName(row.sentSeries, row.sentNumber);
    const storno = row.reversalOfId !== null;
    addLine(row.currency, {
      date: row.issueDate,
      kind: storno ? "storno" : "invoice",
      document,
      description: storno
        ? statementMessages.lines.storno(row.originalNumber ? documentName(row.originalSeries, row.originalNumber) : null)
        : statementMessages.lines.invoice(row.dueDate ? romanianDay(row.dueDate) : null),
      // A storno's total is negative: a credit of its amount; any other invoice is a debit (a negative one a credit).
      debit: amount > 0 ? amount : 0,
      credit: amount < 0 ? -amount : 0,
      invoiceId: row.id,
      order: row.id,
    });
  }
  for (const row of paymentRows) {
    const invoice = documentName(row.sentSeries, row.sentNumber);
    addLine(row.currency as string, {
      date: row.date,
      kind: "payment",
      document: row.receiptNumber ? documentName(row.receiptSeries, row.receiptNumber) : invoice,
      description: statementMessages.lines.payment(row.type, invoice),
      debit: 0,
      credit: cents(row.amount),
      invoiceId: row.invoiceId,
      order: row.id,
    });
  }
  let smartBillLines = 0;
  for (const row of smartBillRows) {
    const extra = cents(row.paymentPaid) - cents(row.recorded);
    if (extra === 0) continue;
    const date = romanianDate(Date.parse(row.paymentCheckedAt!));
    if (date < dateFrom) {
      addOpening(row.currency, -extra);
      continue;
    }
    const invoice = documentName(row.sentSeries, row.sentNumber);
    smartBillLines += 1;
    addLine(row.currency, {
      date,
      kind: "smartbill",
      document: invoice,
      description: extra > 0 ? statementMessages.lines.smartbillPaid(invoice) : statementMessages.lines.smartbillUnpaid(invoice),
      debit: extra < 0 ? -extra : 0,
      credit: extra > 0 ? extra : 0,
      invoiceId: row.id,
      order: row.id,
    });
  }
  if (invoiceRows.length + paymentRows.length + smartBillLines > MAX_STATEMENT_ENTRIES) {
    throw new HttpError(400, statementMessages.tooManyEntries(MAX_STATEMENT_ENTRIES));
  }

  const currencies: StatementCurrency[] = [];
  for (const currency of new Set([...opening.keys(), ...lines.keys()])) {
    const start = opening.get(currency) ?? 0;
    const entries = (lines.get(currency) ?? []).sort(
      (a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.order - b.order,
    );
    // A currency the customer never owed anything in, before or during the period: nothing to show.
    if (start === 0 && entries.length === 0) continue;
    let balance = start;
    let debit = 0;
    let credit = 0;
    const shown = entries.map(({ order: _order, ...line }) => {
      balance += line.debit - line.credit;
      debit += line.debit;
      credit += line.credit;
      return { ...line, debit: fromCents(line.debit), credit: fromCents(line.credit), balance: fromCents(balance) };
    });
    currencies.push({ currency, opening: fromCents(start), entries: shown, debit: fromCents(debit), credit: fromCents(credit), closing: fromCents(balance) });
  }
  currencies.sort((a, b) => (a.currency === "RON" ? -1 : b.currency === "RON" ? 1 : a.currency.localeCompare(b.currency)));
  return { customer: { id: customer.id, clientName: customer.clientName, cif: customer.cif, email: customer.email }, dateFrom, dateTo, currencies };
}
