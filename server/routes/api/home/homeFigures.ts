/**
 * The home's figures for a tenant, as of an instant: "today" is Romania's date (a clock at 22:30
 * UTC on a month's last day is already the next month there). Each currency stands alone.
 */
import type { Kysely } from "kysely";
import { AGING_BUCKETS, type AgingBucket, type CurrencyFigures, type HomeFigures } from "../../../../contract/home";
import type { Database } from "../../../db/database";
import { homeMessages } from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { bucketOf, daysOverdue } from "../invoices/aging";
import {
  clientNames,
  countEfactura,
  countProformasNotInvoiced,
  countUnsentInvoices,
  type MonthAmount,
  owedByClient,
  owedByDueDate,
  receivableMonths,
} from "./home.repository";

const TOP_DEBTORS = 10;
const CHART_MONTHS = 12;

const cents = (amount: number) => Math.round(amount * 100) / 100;
const pad = (value: number) => String(value).padStart(2, "0");

/** yyyy-mm, `back` months before the month of `today` (yyyy-mm-dd). */
function monthBefore(today: string, back: number): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - back;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export async function readHomeFigures(db: Kysely<Database>, tenantId: number, nowMs: number): Promise<HomeFigures> {
  const today = romanianDate(nowMs);
  const thisMonth = monthBefore(today, 0);
  // This month, the 11 before it for the chart, and the same month last year.
  const from = `${monthBefore(today, CHART_MONTHS)}-01`;
  const until = `${monthBefore(today, -1)}-01`;
  const [{ invoiced, received }, owed, debtors, proformas, unsent, efactura] = await Promise.all([
    receivableMonths(db, tenantId, from, until),
    owedByDueDate(db, tenantId),
    owedByClient(db, tenantId, today),
    countProformasNotInvoiced(db, tenantId),
    countUnsentInvoices(db, tenantId),
    countEfactura(db, tenantId, today),
  ]);

  const currencies = new Set([...invoiced, ...received].filter((row) => row.amount !== 0).map((row) => row.currency));
  for (const row of owed) currencies.add(row.currency);
  const chart = Array.from({ length: CHART_MONTHS }, (_, i) => monthBefore(today, CHART_MONTHS - 1 - i));
  const amountOf = (rows: MonthAmount[], currency: string, month: string) =>
    cents(rows.filter((row) => row.currency === currency && row.month === month).reduce((sum, row) => sum + row.amount, 0));

  const ordered = [...currencies].sort((a, b) => (a === "RON" ? -1 : b === "RON" ? 1 : a.localeCompare(b)));
  const topIds = new Set<number>();
  const topByCurrency = new Map(
    ordered.map((currency) => {
      const top = debtors
        .filter((row) => row.currency === currency)
        // Most owed first; the same amount, by client id, so the order never changes between reads.
        .sort((a, b) => b.unpaid - a.unpaid || (a.clientId ?? 0) - (b.clientId ?? 0))
        .slice(0, TOP_DEBTORS);
      for (const row of top) if (row.clientId !== null) topIds.add(row.clientId);
      return [currency, top];
    }),
  );
  const names = await clientNames(db, tenantId, [...topIds]);

  const figures = ordered.map((currency): CurrencyFigures => {
    const buckets = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, { amount: 0, count: 0 }])) as Record<AgingBucket, { amount: number; count: number }>;
    for (const row of owed.filter((one) => one.currency === currency)) {
      const bucket = buckets[bucketOf(daysOverdue(row.dueDate, today))];
      bucket.amount += row.amount;
      bucket.count += row.count;
    }
    for (const bucket of Object.values(buckets)) bucket.amount = cents(bucket.amount);
    const overdue = AGING_BUCKETS.filter((bucket) => bucket !== "current").map((bucket) => buckets[bucket]);
    return {
      currency,
      invoicedThisMonth: amountOf(invoiced, currency, thisMonth),
      invoicedLastMonth: amountOf(invoiced, currency, monthBefore(today, 1)),
      invoicedSameMonthLastYear: amountOf(invoiced, currency, monthBefore(today, 12)),
      receivedThisMonth: amountOf(received, currency, thisMonth),
      unpaid: cents(Object.values(buckets).reduce((sum, bucket) => sum + bucket.amount, 0)),
      unpaidCount: Object.values(buckets).reduce((sum, bucket) => sum + bucket.count, 0),
      overdue: cents(overdue.reduce((sum, bucket) => sum + bucket.amount, 0)),
      overdueCount: overdue.reduce((sum, bucket) => sum + bucket.count, 0),
      buckets,
      months: chart.map((month) => ({ month, invoiced: amountOf(invoiced, currency, month), received: amountOf(received, currency, month) })),
      topDebtors: topByCurrency.get(currency)!.map((row) => ({
        clientId: row.clientId,
        clientName: (row.clientId !== null && names.get(row.clientId)) || homeMessages.unknownClient,
        unpaid: cents(row.unpaid),
        overdue: cents(row.overdue),
        count: row.count,
      })),
    };
  });

  return { today, currencies: figures, proformasNotInvoiced: { count: proformas }, unsentInvoices: { count: unsent }, ...(efactura && { efactura }) };
}
