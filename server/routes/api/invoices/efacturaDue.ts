/**
 * Which invoices e-Factura's deadline concerns, as SQL over `invoices` (the list's 'e-Factura'
 * filter and the home's figures) — the same rule invoiceEfactura.ts applies to one record:
 * - issued: a sent invoice (not a proforma, not a SmartBill draft, not cancelled nor deleted);
 * - with no SPV status yet, of a tenant connected to SPV (without the connection nothing is read,
 *   so "no message" would mean nothing), issued within SPV's 60 days;
 * - due: its deadline (5 working days after issue) is at most EFACTURA_DEADLINE_WARNING_DAYS
 *   working days away, or passed. The deadline only moves later with the issue date, so "due"
 *   is "issued on or before the latest such day", found here in JS (public holidays included).
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";
import { type EfacturaFilter, efacturaDeadlineNear } from "../../../../contract/efactura";
import { addCalendarDays } from "../../../../contract/romanianWorkingDays";

/** SPV keeps an invoice's messages this many days: older invoices are not flagged. */
export const SPV_WINDOW_DAYS = 60;

/** The first issue date still within SPV's window on `today`. */
export const efacturaWindowStart = (today: string) => addCalendarDays(today, -SPV_WINDOW_DAYS);

/** The latest issue date whose deadline is near (or passed) on `today`: an invoice issued today has 5 working days. */
export function latestDueIssueDate(today: string): string {
  let day = today;
  while (!efacturaDeadlineNear(day, today)) day = addCalendarDays(day, -1);
  return day;
}

const column = (table: string, name: string) => sql.ref(`${table}.${name}`);

/** An issued invoice, which must reach SPV. */
export function efacturaIssued(table = "invoices"): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column(table, "documentType")} = ${sql.lit("invoice")} and ${column(table, "status")} = ${sql.lit("sent")}
    and ${column(table, "draft")} = ${sql.lit(0)} and ${column(table, "sentNumber")} is not null and ${column(table, "sentNumber")} <> ${sql.lit("")}
    and ${column(table, "cancelledAt")} is null and ${column(table, "deletedAt")} is null`;
}

/** The invoice's tenant is connected to SPV. */
export function efacturaConnected(table = "invoices"): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from ${sql.table("efactura_connections")} where ${sql.ref("efactura_connections.tenantId")} = ${column(table, "tenantId")})`;
}

/** Issued, no SPV status, the tenant connected, and its deadline near or passed on `today` (within SPV's window). */
export function efacturaDue(today: string, table = "invoices"): RawBuilder<SqlBool> {
  return sql<SqlBool>`${efacturaIssued(table)} and ${column(table, "efacturaStatus")} is null and ${efacturaConnected(table)}
    and ${column(table, "issueDate")} <= ${latestDueIssueDate(today)} and ${column(table, "issueDate")} >= ${efacturaWindowStart(today)}`;
}

/** The list's `?efactura=` filter: a status, 'none' (issued, no SPV message yet), or 'due'. */
export function efacturaFilterIs(today: string, value: EfacturaFilter, table = "invoices"): RawBuilder<SqlBool> {
  if (value === "due") return efacturaDue(today, table);
  if (value === "none") return sql<SqlBool>`${efacturaIssued(table)} and ${column(table, "efacturaStatus")} is null`;
  return sql<SqlBool>`${column(table, "documentType")} = ${sql.lit("invoice")} and ${column(table, "efacturaStatus")} = ${value}`;
}
