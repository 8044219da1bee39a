/**
 * An invoice's life in SmartBill after the send: cancelled (and restored), deleted from SmartBill,
 * reversed by a storno invoice (linked both ways: the storno is an invoice of ours too), and what
 * SmartBill last said about its payment; and the invoice's history, one row per action taken on
 * it (who, when, and SmartBill's answer, whether it did it or refused). Frozen like every
 * migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const realType = postgres ? "double precision" : "real";
  const columns: [string, string][] = [
    ["cancelledAt", "text"],
    ["deletedAt", "text"],
    ["reversalOfId", "integer"],
    ["reversedById", "integer"],
    ["paymentTotal", realType],
    ["paymentPaid", realType],
    ["paymentCheckedAt", "text"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("invoices").addColumn(name, type as "text").execute();
  }

  await db.schema
    .createTable("invoice_events")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("invoiceId", "integer", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    // ok: SmartBill did it; refused: SmartBill said no; failed: it could not be asked, or the answer was lost.
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("userId", "integer")
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("detail", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_events_invoiceId").on("invoice_events").columns(["invoiceId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_events").execute();
  for (const name of ["cancelledAt", "deletedAt", "reversalOfId", "reversedById", "paymentTotal", "paymentPaid", "paymentCheckedAt"]) {
    await db.schema.alterTable("invoices").dropColumn(name).execute();
  }
}
