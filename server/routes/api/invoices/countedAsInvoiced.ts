/**
 * "Counted as invoiced", as SmartBill's report of issued invoices counts: an invoice SmartBill
 * issued (a SmartBill draft has no total yet), not cancelled nor deleted. A storno counts,
 * negative, in its own month, and the invoice it reverses stays counted in its own: the two net
 * to zero. The conditions are literals, so the partial index invoices_invoiced (migration 0023)
 * answers them on both databases.
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";

export function countedAsInvoiced(table = "invoices"): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`${column("documentType")} = ${sql.lit("invoice")} and ${column("status")} = ${sql.lit("sent")}
    and ${column("cancelledAt")} is null and ${column("deletedAt")} is null and ${column("sentTotal")} is not null`;
}

/** Something is still owed on it (the partial indexes invoices_unpaid and invoices_unpaid_client). */
export function owing(table = "invoices"): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.unpaid`)} > ${sql.lit(0)}`;
}
