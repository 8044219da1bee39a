/**
 * A proforma that became no invoice: SmartBill issued it (not a draft: it has a total), it is
 * not cancelled nor deleted, no invoice of ours was issued from it (proformaId), and SmartBill
 * names none made from it (invoicedNumber, read from its list of the proforma's invoices, made
 * perhaps on its own site). The home counts these and the proforma list's filter shows them.
 */
import { type RawBuilder, type SqlBool, sql } from "kysely";

export function notInvoicedProforma(table = "invoices"): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`${column("documentType")} = ${sql.lit("proforma")} and ${column("status")} = ${sql.lit("sent")}
    and ${column("cancelledAt")} is null and ${column("deletedAt")} is null
    and ${column("sentTotal")} is not null and ${column("invoicedNumber")} is null
    and not exists (select 1 from invoices as issued where issued."proformaId" = ${column("id")} and issued.status = ${sql.lit("sent")})`;
}
