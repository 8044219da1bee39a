/**
 * Customers: a tenant's clients, keyed by client code (`codClient`, unique per
 * tenant), written by the customer import and read by the customer list and pickers. Frozen like
 * every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter } from "kysely";

/** The list's sortable columns with an index each; `id` last, the list's tie-break. */
const SORTED_COLUMNS = ["clientName", "localitate", "judet", "cif"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const idType = postgres ? "serial" : "integer";

  // Text fields are NOT NULL with '' for a blank cell: one value for "empty" on both dialects,
  // and sorting/filtering never meets NULL. Default collation (see 0003): lower() folds ș, ț.
  let table = db.schema
    .createTable("customers")
    .addColumn("id", idType, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No cascade: a tenant that still has customers is not deleted (tenants.repository.ts).
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"));
  for (const column of [
    "clientName",
    "cif",
    "regCom",
    "codClient",
    "adresa",
    "localitate",
    "judet",
    "banca",
    "iban",
    "tara",
    "email",
    "persContact",
    "telefon",
  ]) {
    table = table.addColumn(column, "text", (c) => c.notNull().defaultTo(""));
  }
  await table
    .addColumn("mentions", "text")
    .addColumn("observations", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    // The import's upsert key; also the index of the list sorted by code.
    .addUniqueConstraint("customers_tenantId_codClient", ["tenantId", "codClient"] as never[])
    .execute();

  // A page of the list: the tenant's rows walked in the sort column's order (id breaks ties, so
  // the index gives the whole ORDER BY and the query stops after the page).
  for (const column of SORTED_COLUMNS) {
    await db.schema
      .createIndex(`customers_tenantId_${column}`)
      .on("customers")
      .columns(["tenantId", column, "id"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("customers").execute();
}
