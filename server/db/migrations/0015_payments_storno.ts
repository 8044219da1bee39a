/**
 * Payments recorded in SmartBill through us, and the storno, each made EXACTLY ONCE:
 * - invoices.actionStartedAt: an action on an issued invoice that must not run twice at once (a
 *   payment, its deletion, a storno) claims the invoice with it; another tab gets "busy";
 * - invoices.reversal*: the storno's attempt (its request id, the series' next number read just
 *   before SmartBill was called, the date asked for, and when its answer was lost), so a lost
 *   answer is checked against the series before anything is sent again;
 * - invoice_payments: one row per payment asked for (unique per invoice and request id), claimed
 *   before SmartBill is called; SmartBill's paid amount read just before, so a lost answer is
 *   checked against what SmartBill then says is paid. Keyed by the invoice (no tenantId): it goes
 *   with its invoice.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter } from "kysely";

const INVOICE_COLUMNS: [string, "text" | "integer"][] = [
  ["actionStartedAt", "text"],
  ["reversalRequestId", "text"],
  ["reversalNextNumber", "integer"],
  ["reversalIssueDate", "text"],
  ["reversalUnclearAt", "text"],
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const realType = postgres ? "double precision" : "real";
  for (const [name, type] of INVOICE_COLUMNS) {
    await db.schema.alterTable("invoices").addColumn(name, type).execute();
  }

  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("invoiceId", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("requestId", "text", (c) => c.notNull())
    .addColumn("amount", realType as "real", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // pending: SmartBill is being asked; unclear: its answer was lost; recorded; deleted (from SmartBill, later).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("clientName", "text", (c) => c.notNull())
    .addColumn("clientCif", "text", (c) => c.notNull())
    .addColumn("paidBefore", realType as "real")
    .addColumn("startedAt", "text", (c) => c.notNull())
    .addColumn("unclearAt", "text")
    .addColumn("receiptSeries", "text")
    .addColumn("receiptNumber", "text")
    .addColumn("userId", "integer")
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("recordedAt", "text")
    .addColumn("deletedAt", "text")
    .execute();
  await db.schema
    .createIndex("invoice_payments_request")
    .on("invoice_payments")
    .columns(["invoiceId", "requestId"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_payments").execute();
  for (const [name] of INVOICE_COLUMNS) {
    await db.schema.alterTable("invoices").dropColumn(name).execute();
  }
}
