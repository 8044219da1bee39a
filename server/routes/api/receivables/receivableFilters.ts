/**
 * The receivables' filters, on the invoices owed (both views filter invoices first; the customer
 * view then adds them up): customer, currency, series, age bucket and overdue, as of `today`
 * (Romania's date). Each is a condition of its own (ListFilter.where), so the customer view
 * applies the same ones to its inner query. Anything else is refused by the schema, in Romanian.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import { AGING_BUCKETS, type AgingBucket } from "../../../../contract/home";
import { dueDatesOf } from "../invoices/aging";
import type { ListFilter } from "../listQuery";

const column = (name: string) => sql.ref(`invoices.${name}`);

function dueIn(bucket: AgingBucket, today: string): Expression<SqlBool> {
  const { from, to } = dueDatesOf(bucket, today);
  const tests = [from && sql<SqlBool>`${column("dueDate")} >= ${from}`, to && sql<SqlBool>`${column("dueDate")} <= ${to}`].filter(Boolean);
  return sql<SqlBool>`(${sql.join(tests as Expression<SqlBool>[], sql` and `)})`;
}

export const receivableFilters = (today: string) =>
  ({
    // 0: the invoices that name no customer.
    clientId: {
      column: "invoices.clientId",
      schema: { type: "integer", minimum: 0, maximum: 2_147_483_647 },
      where: (value) => (value === 0 ? sql<SqlBool>`${column("clientId")} is null` : sql<SqlBool>`${column("clientId")} = ${Number(value)}`),
    },
    currency: {
      column: "invoices.currency",
      schema: { type: "string", maxLength: 3, pattern: "^[A-Z]{3}$" },
      where: (value) => sql<SqlBool>`${column("currency")} = ${String(value)}`,
    },
    seriesName: {
      column: "invoices.sentSeries",
      schema: { type: "string", maxLength: 20 },
      where: (value) => sql<SqlBool>`${column("sentSeries")} = ${String(value)}`,
    },
    bucket: { column: "invoices.dueDate", schema: { type: "string", enum: AGING_BUCKETS }, where: (value) => dueIn(value as AgingBucket, today) },
    overdue: {
      column: "invoices.dueDate",
      schema: { type: "string", enum: ["true", "false"] },
      where: (value) => (value === "true" ? sql<SqlBool>`${column("dueDate")} < ${today}` : sql<SqlBool>`${column("dueDate")} >= ${today}`),
    },
  }) as const satisfies Record<string, ListFilter>;

export type ReceivableFilterName = keyof ReturnType<typeof receivableFilters>;
