/**
 * What was invoiced and received, per tenant, currency and month (the home's figures and its
 * chart), kept as a table so the home reads at most 13 rows per currency instead of every
 * invoice and payment of the last 13 months:
 * - receivable_months(tenantId, currency, month 'yyyy-mm', invoiced, received), one row per
 *   (tenantId, currency, month);
 * - invoices.countedTotal: what the invoice adds to `invoiced` in its month of issue now
 *   (sentTotal when counted as invoiced, else 0); invoice_payments.countedAmount: what the
 *   payment adds to `received` in its month (amount when recorded, else 0).
 * recountReceivable() moves a cell by the difference between the new contribution and the
 * stored one, after a compare-and-set on the stored one, so two processes never add it twice.
 * The rows already there are filled in here by the same rules, grouped in SQL on both dialects.
 * Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const realType = (postgres ? "double precision" : "real") as "real";

  await db.schema.alterTable("invoices").addColumn("countedTotal", realType, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("invoice_payments").addColumn("countedAmount", realType, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable("receivable_months")
    // Follows the tenant's invoices, which keep it: gone with the tenant.
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("invoiced", realType, (c) => c.notNull().defaultTo(0))
    .addColumn("received", realType, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("receivable_months_pkey", ["tenantId", "currency", "month"])
    .execute();

  await backfillReceivableMonths(db);

  // A row removed outright (never by the product: invoices are cancelled or marked deleted, but by
  // hand or a cascade) takes its stored contribution out of its cell with it.
  const gone = [
    { trigger: "receivable_months_invoice_gone", table: "invoices", column: "countedTotal", sum: "invoiced", day: "issueDate" },
    { trigger: "receivable_months_payment_gone", table: "invoice_payments", column: "countedAmount", sum: "received", day: "date" },
  ];
  for (const { trigger, table, column, sum, day } of gone) {
    const update = `update receivable_months set ${sum} = ${sum} - old."${column}"
      where "tenantId" = old."tenantId" and currency = old.currency and month = substr(old."${day}", 1, 7)`;
    if (postgres) {
      await sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$ begin ${update}; return old; end $$`).execute(db);
      await sql.raw(`create trigger ${trigger} after delete on ${table} for each row when (old."${column}" <> 0) execute function ${trigger}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${trigger} after delete on ${table} for each row when old."${column}" <> 0 begin ${update}; end`).execute(db);
    }
  }
}

/** The contributions and the monthly sums from the base rows. */
export async function backfillReceivableMonths(db: Kysely<any>): Promise<void> {
  // Counted as invoiced: issued (sentTotal known), an invoice, sent, neither cancelled nor deleted.
  await sql`update invoices set "countedTotal" = case
      when "documentType" = 'invoice' and status = 'sent' and "cancelledAt" is null and "deletedAt" is null
        and "sentTotal" is not null then "sentTotal" else 0 end`.execute(db);
  // A payment without its tenant or currency (none since 0023) is left to recountReceivable, which counts it under its invoice's.
  await sql`update invoice_payments set "countedAmount" = case
      when status = 'recorded' and "tenantId" is not null and currency is not null then amount else 0 end`.execute(db);
  await sumReceivableMonths(db);
}

/** The monthly sums from the rows' stored contributions (what the bench runs after seeding them). */
export async function sumReceivableMonths(db: Kysely<any>): Promise<void> {
  await sql`delete from receivable_months`.execute(db);
  await sql`insert into receivable_months ("tenantId", currency, month, invoiced, received)
    select "tenantId", currency, month, sum(invoiced), sum(received) from (
      select "tenantId", currency, substr("issueDate", 1, 7) as month, "countedTotal" as invoiced, 0 as received
        from invoices where "countedTotal" <> 0
      union all
      select "tenantId", currency, substr(date, 1, 7) as month, 0 as invoiced, "countedAmount" as received
        from invoice_payments where "countedAmount" <> 0 and "tenantId" is not null and currency is not null
    ) as counted
    group by "tenantId", currency, month`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [trigger, table] of [
    ["receivable_months_invoice_gone", "invoices"],
    ["receivable_months_payment_gone", "invoice_payments"],
  ]) {
    await sql.raw(postgres ? `drop trigger ${trigger} on ${table}` : `drop trigger ${trigger}`).execute(db);
    if (postgres) await sql.raw(`drop function ${trigger}()`).execute(db);
  }
  await db.schema.dropTable("receivable_months").execute();
  await db.schema.alterTable("invoice_payments").dropColumn("countedAmount").execute();
  await db.schema.alterTable("invoices").dropColumn("countedTotal").execute();
}
