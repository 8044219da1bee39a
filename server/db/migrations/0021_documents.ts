/**
 * Documents beside invoices: proformas are rows of `invoices` too (they share the editor, the
 * lines, the send exactly once and the life after it), told apart by `documentType`. SmartBill's
 * /invoice/v2 and /estimate/v2 answer a document id and two links (the PDF's, and a public view
 * page for the client), kept with the send. An invoice issued from a proforma names it in
 * `proformaId`, unique: one invoice per proforma, so a retried conversion finds its own row. On a
 * proforma, `invoicedSeries`/`invoicedNumber` keep the invoice SmartBill says it became (read from
 * /estimate/invoices).
 *
 * SQLite cannot add a UNIQUE column, so the uniqueness is an index (both dialects let many rows
 * keep it null). Frozen like every migration: it imports nothing from the application.
 */
import { type Kysely, sql } from "kysely";

const TEXT_COLUMNS = ["documentUrl", "documentViewUrl", "invoicedSeries", "invoicedNumber"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("invoices")
    .addColumn("documentType", "text", (c) => c.notNull().defaultTo("invoice").check(sql`"documentType" in ('invoice', 'proforma')`))
    .execute();
  await db.schema.alterTable("invoices").addColumn("documentId", "integer").execute();
  for (const name of TEXT_COLUMNS) await db.schema.alterTable("invoices").addColumn(name, "text").execute();
  await db.schema.alterTable("invoices").addColumn("proformaId", "integer", (c) => c.references("invoices.id")).execute();
  await db.schema.createIndex("invoices_proformaId").on("invoices").column("proformaId").unique().execute();
  // Each kind's list: a tenant's invoices, or its proformas.
  await db.schema.createIndex("invoices_tenantId_documentType").on("invoices").columns(["tenantId", "documentType"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoices_tenantId_documentType").execute();
  await db.schema.dropIndex("invoices_proformaId").execute();
  for (const name of ["proformaId", ...TEXT_COLUMNS, "documentId", "documentType"]) {
    await db.schema.alterTable("invoices").dropColumn(name).execute();
  }
}
