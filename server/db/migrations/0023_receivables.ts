/**
 * What is owed, stored so the home and the receivables list read indexes instead of every
 * invoice and its lines:
 * - invoices.sentTotal: the document's total with VAT as issued (lines are frozen once sent;
 *   negative on a storno), written when SmartBill issues it; null before, and on a SmartBill
 *   draft (not yet an invoice);
 * - invoices.dueDate: issueDate + dueDays (yyyy-mm-dd), written with it;
 * - invoices.unpaid: what is still to be collected, kept by recountReceivable()
 *   (server/routes/api/invoices/receivable.ts) on every write that can change it;
 * - invoice_payments.tenantId and currency: copied from the invoice, so what was received is
 *   counted by the payment's date from an index, without a join.
 * The rows already there are filled in by the same rules, in SQL on both dialects.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const realType = postgres ? "double precision" : "real";

  await db.schema.alterTable("invoices").addColumn("sentTotal", realType as "real").execute();
  await db.schema.alterTable("invoices").addColumn("dueDate", "text").execute();
  await db.schema.alterTable("invoices").addColumn("unpaid", realType as "real", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("invoice_payments").addColumn("tenantId", "integer").execute();
  await db.schema.alterTable("invoice_payments").addColumn("currency", "text").execute();

  // The total as the invoice repository computes it: each line's net and VAT rounded to the
  // invoice's precision, summed; null when a line is in another currency than the invoice's.
  const net = sql`round(cast(l.quantity * l.price as numeric), invoices.precision)`;
  const vat = sql`round(cast(${net} * l."taxPercentage" / 100 as numeric), invoices.precision)`;
  const total = sql`(select case when sum(case when l.currency = invoices.currency then 0 else 1 end) > 0 then null
      else round(cast(coalesce(sum(${net} + ${vat}), 0) as numeric), 2) end
    from invoice_lines l where l."invoiceId" = invoices.id)`;
  const dueDate = postgres
    ? sql`to_char(cast(invoices."issueDate" as date) + invoices."dueDays", 'YYYY-MM-DD')`
    : sql`date(invoices."issueDate", '+' || invoices."dueDays" || ' days')`;
  await sql`update invoices set "sentTotal" = ${total}, "dueDate" = ${dueDate}
    where status = 'sent' and "sentNumber" is not null`.execute(db);

  await sql`update invoice_payments set
      "tenantId" = (select i."tenantId" from invoices i where i.id = invoice_payments."invoiceId"),
      currency = (select i.currency from invoices i where i.id = invoice_payments."invoiceId")`.execute(db);

  // The rule of recountReceivable(), for the rows already there.
  const recorded = sql`(select coalesce(sum(p.amount), 0) from invoice_payments p where p."invoiceId" = invoices.id and p.status = 'recorded')`;
  const left = sql`case when "paymentCheckedAt" is not null then "paymentTotal" - "paymentPaid" else "sentTotal" - ${recorded} end`;
  await sql`update invoices set unpaid = round(cast(${left} as numeric), 2)
    where "documentType" = 'invoice' and status = 'sent' and "sentTotal" is not null
      and "cancelledAt" is null and "deletedAt" is null and "reversedById" is null and "reversalOfId" is null
      and ${left} > 0`.execute(db);

  // Counted as invoiced, by month of issue and currency (home, chart): read from the index alone.
  await sql`create index "invoices_invoiced" on invoices ("tenantId", "issueDate", currency, "sentTotal")
    where "documentType" = 'invoice' and status = 'sent' and "cancelledAt" is null and "deletedAt" is null`.execute(db);
  // What is owed (home's unpaid, overdue and buckets; the receivables list by due date and by customer).
  await sql`create index "invoices_unpaid" on invoices ("tenantId", "dueDate", currency, unpaid, "clientId", id) where unpaid > 0`.execute(db);
  await sql`create index "invoices_unpaid_client" on invoices ("tenantId", "clientId", currency, unpaid, "dueDate") where unpaid > 0`.execute(db);
  // Proformas sent and still standing (those not invoiced are found through invoices_proformaId).
  await sql`create index "invoices_proformas_sent" on invoices ("tenantId", id)
    where "documentType" = 'proforma' and status = 'sent' and "cancelledAt" is null and "deletedAt" is null`.execute(db);
  // Invoices SmartBill refused or whose answer was lost.
  await sql`create index "invoices_tenantId_status" on invoices ("tenantId", status, "documentType")`.execute(db);
  // Received, by the payment's date and currency.
  await sql`create index "invoice_payments_received" on invoice_payments ("tenantId", date, currency, amount) where status = 'recorded'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ["invoices_invoiced", "invoices_unpaid", "invoices_unpaid_client", "invoices_proformas_sent", "invoices_tenantId_status", "invoice_payments_received"]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ["tenantId", "currency"]) await db.schema.alterTable("invoice_payments").dropColumn(column).execute();
  for (const column of ["sentTotal", "dueDate", "unpaid"]) await db.schema.alterTable("invoices").dropColumn(column).execute();
}
