/**
 * The home's queries: what was invoiced and received by currency and month from the monthly
 * table (migration 0026), the rest from partial covering indexes of migration 0023 (never from
 * the invoices' lines): what is owed by
 * currency and due date, by customer and currency, and two counts. Dialect-free; the conditions
 * the partial indexes name are written as literals so both planners can use them.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../db/database";
import { owing } from "../invoices/countedAsInvoiced";
import { notInvoicedProforma } from "../invoices/notInvoiced";
import { efacturaFilterIs } from "../invoices/efacturaDue";

export interface MonthAmount {
  currency: string;
  month: string;
  amount: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Invoiced (counted as invoiced, by month of issue) and received (payments recorded, by the
 * payment's month), by currency, for the months from `from` to before `until` (yyyy-mm-dd, first
 * days): read from receivable_months (migration 0026), at most 13 rows per currency. Rounded to
 * cents, so a cell moved up and down again by the same amount reads 0, as the sums it replaces did.
 */
export async function receivableMonths(
  db: Kysely<Database>,
  tenantId: number,
  from: string,
  until: string,
): Promise<{ invoiced: MonthAmount[]; received: MonthAmount[] }> {
  const rows = await db
    .selectFrom("receivable_months")
    .select(["currency", "month", "invoiced", "received"])
    .where("tenantId", "=", tenantId)
    .where("month", ">=", from.slice(0, 7))
    .where("month", "<", until.slice(0, 7))
    .execute();
  return {
    invoiced: rows.map((row) => ({ currency: row.currency, month: row.month, amount: cents(Number(row.invoiced)) })),
    received: rows.map((row) => ({ currency: row.currency, month: row.month, amount: cents(Number(row.received)) })),
  };
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

/**
 * e-Factura's figures, the list's ?efactura=due and ?efactura=rejected counted (efacturaDue.ts);
 * undefined when the tenant is not connected to SPV (nothing is read from it then).
 */
export async function countEfactura(db: Kysely<Database>, tenantId: number, today: string): Promise<{ due: number; rejected: number } | undefined> {
  const connected = await db.selectFrom("efactura_connections").select("tenantId").where("tenantId", "=", tenantId).executeTakeFirst();
  if (!connected) return undefined;
  const { due, rejected } = await db
    .selectFrom("invoices")
    .select([
      sql<number | string>`sum(case when ${efacturaFilterIs(today, "due")} then 1 else 0 end)`.as("due"),
      sql<number | string>`sum(case when ${efacturaFilterIs(today, "rejected")} then 1 else 0 end)`.as("rejected"),
    ])
    .where("tenantId", "=", tenantId)
    .where("documentType", "=", "invoice")
    .executeTakeFirstOrThrow();
  return { due: Number(due ?? 0), rejected: Number(rejected ?? 0) };
}
