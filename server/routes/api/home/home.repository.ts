/**
 * The home's queries, each answered from a partial covering index of migration 0023 (never from
 * the invoices' lines): what was invoiced and received by currency and month, what is owed by
 * currency and due date, by customer and currency, and two counts. Dialect-free; the conditions
 * the partial indexes name are written as literals so both planners can use them.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/database";
import { countedAsInvoiced, owing } from "../invoices/countedAsInvoiced";
import { notInvoicedProforma } from "../invoices/notInvoiced";

/** Dates are yyyy-mm-dd: a month is the first seven characters. */
const monthOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;

export interface MonthAmount {
  currency: string;
  month: string;
  amount: number;
}

/** Invoiced (sentTotal of the invoices counted) by currency and month of issue, from `from` to before `until`. */
export async function invoicedByMonth(db: Kysely<Database>, tenantId: number, from: string, until: string): Promise<MonthAmount[]> {
  const rows = await db
    .selectFrom("invoices")
    .select(["currency", monthOf("issueDate").as("month"), sql<number | string>`sum(${sql.ref("sentTotal")})`.as("amount")])
    .where("tenantId", "=", tenantId)
    .where(countedAsInvoiced())
    .where("issueDate", ">=", from)
    .where("issueDate", "<", until)
    .groupBy(["currency", monthOf("issueDate")])
    .execute();
  return rows.map((row) => ({ currency: row.currency, month: row.month, amount: Number(row.amount) }));
}

/** Received (payments recorded) by the payment's currency and month, from `from` to before `until`. */
export async function receivedByMonth(db: Kysely<Database>, tenantId: number, from: string, until: string): Promise<MonthAmount[]> {
  const rows = await db
    .selectFrom("invoice_payments")
    .select([sql<string>`${sql.ref("currency")}`.as("currency"), monthOf("date").as("month"), sql<number | string>`sum(${sql.ref("amount")})`.as("amount")])
    .where("tenantId", "=", tenantId)
    .where(sql<boolean>`${sql.ref("status")} = ${sql.lit("recorded")}`)
    .where("date", ">=", from)
    .where("date", "<", until)
    .groupBy(["currency", monthOf("date")])
    .execute();
  return rows.map((row) => ({ currency: row.currency, month: row.month, amount: Number(row.amount) }));
}

export interface OwedByDueDate {
  currency: string;
  dueDate: string | null;
  amount: number;
  count: number;
}

/** What is owed, by currency and due date (a few thousand rows at most: the buckets are summed from them). */
export async function owedByDueDate(db: Kysely<Database>, tenantId: number): Promise<OwedByDueDate[]> {
  const rows = await db
    .selectFrom("invoices")
    .select(["currency", "dueDate", sql<number | string>`sum(${sql.ref("unpaid")})`.as("amount"), sql<number | string>`count(*)`.as("count")])
    .where("tenantId", "=", tenantId)
    .where(owing())
    .groupBy(["dueDate", "currency"])
    .execute();
  return rows.map((row) => ({ currency: row.currency, dueDate: row.dueDate, amount: Number(row.amount), count: Number(row.count) }));
}

export interface OwedByClient {
  clientId: number | null;
  currency: string;
  unpaid: number;
  overdue: number;
  count: number;
}

/** What each customer owes, by currency; overdue: due before `today`. */
export async function owedByClient(db: Kysely<Database>, tenantId: number, today: string): Promise<OwedByClient[]> {
  const rows = await db
    .selectFrom("invoices")
    .select([
      "clientId",
      "currency",
      sql<number | string>`sum(${sql.ref("unpaid")})`.as("unpaid"),
      sql<number | string>`sum(case when ${sql.ref("dueDate")} < ${today} then ${sql.ref("unpaid")} else 0 end)`.as("overdue"),
      sql<number | string>`count(*)`.as("count"),
    ])
    .where("tenantId", "=", tenantId)
    .where(owing())
    .groupBy(["clientId", "currency"])
    .execute();
  return rows.map((row) => ({
    clientId: row.clientId,
    currency: row.currency,
    unpaid: Number(row.unpaid),
    overdue: Number(row.overdue),
    count: Number(row.count),
  }));
}

/** The names of the tenant's customers among these ids. */
export async function clientNames(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("customers").select(["id", "clientName"]).where("tenantId", "=", tenantId).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.clientName]));
}

/** Proformas that became no invoice (notInvoiced.ts). */
export async function countProformasNotInvoiced(db: Kysely<Database>, tenantId: number): Promise<number> {
  const { count } = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("tenantId", "=", tenantId)
    .where(notInvoicedProforma())
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Invoices SmartBill refused, or whose answer was lost and could not be confirmed. */
export async function countUnsentInvoices(db: Kysely<Database>, tenantId: number): Promise<number> {
  const { count } = await db
    .selectFrom("invoices")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("tenantId", "=", tenantId)
    .where("status", "in", ["refused", "unclear"])
    .where("documentType", "=", "invoice")
    .executeTakeFirstOrThrow();
  return Number(count);
}
