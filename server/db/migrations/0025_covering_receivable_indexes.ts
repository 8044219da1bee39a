/**
 * The home's two largest readings (what was invoiced and what was received in the last 13
 * months) answered from their indexes alone: migration 0023's partial indexes left out the
 * columns their conditions name, so every row was also read from its table to check them. The
 * same indexes, with those columns. Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoices_invoiced").execute();
  await sql`create index "invoices_invoiced" on invoices ("tenantId", "issueDate", currency, "sentTotal", "documentType", status, "cancelledAt", "deletedAt")
    where "documentType" = 'invoice' and status = 'sent' and "cancelledAt" is null and "deletedAt" is null`.execute(db);
  await db.schema.dropIndex("invoice_payments_received").execute();
  await sql`create index "invoice_payments_received" on invoice_payments ("tenantId", date, currency, amount, status) where status = 'recorded'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoices_invoiced").execute();
  await sql`create index "invoices_invoiced" on invoices ("tenantId", "issueDate", currency, "sentTotal")
    where "documentType" = 'invoice' and status = 'sent' and "cancelledAt" is null and "deletedAt" is null`.execute(db);
  await db.schema.dropIndex("invoice_payments_received").execute();
  await sql`create index "invoice_payments_received" on invoice_payments ("tenantId", date, currency, amount) where status = 'recorded'`.execute(db);
}
