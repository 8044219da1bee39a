/**
 * Receipts ('Chitanțe'): the cash receipts (`Chitanta`) and fiscal receipts (`Bon`) issued in
 * SmartBill through us, on their own or with a cash payment of an invoice, each issued EXACTLY
 * ONCE:
 * - requestId, unique per tenant: the same form submitted twice (a double click, a retry) is one
 *   receipt;
 * - seriesNextNumber: the receipt series' next number read just before SmartBill was asked, so a
 *   lost answer is checked against the series (moved past it → issued with that number);
 * - inFlight: 1 while a receipt is being asked for or its answer is lost, null otherwise; unique
 *   per (tenant, kind, series), so two receipts of one series are never asked at once (the
 *   series check could not tell them apart). NULLs never collide, on both dialects.
 * - paymentId: the invoice payment a receipt was issued with (unique: one receipt per payment);
 *   invoiceId: that payment's invoice.
 * A receipt deleted from SmartBill stays, `deleted`, for the history. Existing cash payments with
 * a receipt number are copied in, so the list shows every receipt issued through us.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const realType = postgres ? "double precision" : "real";

  await db.schema
    .createTable("receipts")
    .addColumn("id", postgres ? "serial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No cascade: a tenant that still has receipts is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("requestId", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`"kind" in ('Chitanta', 'Bon')`))
    // pending: SmartBill is being asked; unclear: its answer was lost; issued; deleted (from SmartBill, later).
    .addColumn("status", "text", (c) => c.notNull().check(sql`"status" in ('pending', 'unclear', 'issued', 'deleted')`))
    .addColumn("inFlight", "integer", (c) => c.check(sql`"inFlight" = 1`))
    // The customer may be deleted later: the receipt keeps the name and CIF it was issued to.
    .addColumn("clientId", "integer", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("clientName", "text", (c) => c.notNull())
    .addColumn("clientCif", "text", (c) => c.notNull())
    .addColumn("amount", realType as "real", (c) => c.notNull().check(sql`"amount" > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    // A Bon's lines (JSON: name, quantity, price, VAT), as they were sent.
    .addColumn("lines", "text")
    .addColumn("seriesName", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seriesNextNumber", "integer")
    .addColumn("number", "text")
    // A Bon's id in SmartBill (GET /payment/text asks by it).
    .addColumn("smartBillId", "text")
    .addColumn("message", "text")
    .addColumn("invoiceId", "integer", (c) => c.references("invoices.id").onDelete("set null"))
    .addColumn("paymentId", "integer", (c) => c.references("invoice_payments.id").onDelete("set null"))
    .addColumn("startedAt", "text", (c) => c.notNull())
    .addColumn("unclearAt", "text")
    .addColumn("userId", "integer")
    .addColumn("userEmail", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("receipts_tenantId_requestId", ["tenantId", "requestId"])
    .addUniqueConstraint("receipts_paymentId", ["paymentId"])
    .addUniqueConstraint("receipts_inFlight", ["tenantId", "kind", "seriesName", "inFlight"])
    .execute();
  // The list, newest first (and filtered by customer).
  await db.schema.createIndex("receipts_tenantId_date").on("receipts").columns(["tenantId", "date", "id"]).execute();
  await db.schema.createIndex("receipts_tenantId_clientId").on("receipts").columns(["tenantId", "clientId", "id"]).execute();

  // The receipts already issued with a cash payment of an invoice.
  await sql`
    insert into receipts ("tenantId", "requestId", kind, status, "clientId", "clientName", "clientCif", amount, currency, date,
      text, "seriesName", number, "invoiceId", "paymentId", "startedAt", "userId", "userEmail", "createdAt", "updatedAt")
    select i."tenantId", 'payment:' || p.id, 'Chitanta', case when p.status = 'deleted' then 'deleted' else 'issued' end, i."clientId",
      p."clientName", p."clientCif", p.amount, i.currency, p.date, '', coalesce(p."receiptSeries", ''), p."receiptNumber",
      i.id, p.id, p."startedAt", p."userId", p."userEmail", p."createdAt", coalesce(p."recordedAt", p."createdAt")
    from invoice_payments p join invoices i on i.id = p."invoiceId"
    where p."receiptNumber" is not null and p.status in ('recorded', 'deleted')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("receipts").execute();
}
