/**
 * Reminders of overdue invoices ('Trimite reamintire'):
 * - reminder_settings: one row per tenant that changed the template (subject, body with
 *   placeholders) or the interval; a tenant without a row uses the defaults (server/messages.ts).
 * - invoice_reminders: one row per reminder tried, whatever came of it. A row is written
 *   (`sending`) before SmartBill is asked, in the transaction that checks the interval, so two
 *   tasks or processes never both send one invoice's reminder; `sent` / `unclear` (the answer was
 *   lost: it may have gone) count for the interval like `sending`; `refused` and `failed` do not.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("reminder_settings")
    // No cascade: a tenant whose data remains is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.primaryKey().references("tenants.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // At least a day: the interval is what keeps a customer from two reminders at once.
    .addColumn("intervalDays", "integer", (c) => c.notNull().check(sql`"intervalDays" >= 1`))
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invoice_reminders")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("invoiceId", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('sending', 'sent', 'unclear', 'refused', 'failed')`))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    // SmartBill's answer, or why it could not be asked.
    .addColumn("message", "text")
    // The task that sent it ('invoice-reminders'); null if that task is gone.
    .addColumn("taskId", "integer", (c) => c.references("tasks.id").onDelete("set null"))
    .addColumn("userId", "integer")
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("sentAt", "text")
    .execute();
  // The interval check and each invoice's last reminder (the receivables list): by invoice, newest last.
  await db.schema.createIndex("invoice_reminders_invoiceId_createdAt").on("invoice_reminders").columns(["invoiceId", "createdAt"]).execute();
  await db.schema.createIndex("invoice_reminders_tenantId_createdAt").on("invoice_reminders").columns(["tenantId", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_reminders").execute();
  await db.schema.dropTable("reminder_settings").execute();
}
