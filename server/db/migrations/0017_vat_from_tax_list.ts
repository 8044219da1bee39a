/**
 * A catalogue product's (and an unsent invoice line's) VAT percent is its tax's rate in the
 * tenant's SmartBill tax list. Stock imports added products as 'Normala' 19 %, the spec's 2023
 * rate, which SmartBill refuses in 2026 ("Cota tva a produsului … nu a fost gasita pe server!"):
 *
 * - where the tenant's tax list is known (tax_lists, migration 0012), every product, and every
 *   line of an invoice not sent yet (status draft or refused), whose tax the list names (case,
 *   diacritics and punctuation aside, as the application matches) takes the list's percent and
 *   spelling. A tax the list lacks is left as it is: the clerk chooses (the send refuses it first);
 * - a product's price may be null, "not set": SmartBill's stock answer carries no price, and the
 *   0 the stock import wrote was taken for a price. Products priced 0 become not set (a catalogue
 *   price of 0 was the import's placeholder: an invoice line at 0 is refused by no one and wrong).
 *
 * Frozen like every migration: it imports nothing from the application. SQLite cannot drop a
 * NOT NULL, so its products table is made again (nothing refers to it); PostgreSQL alters it.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

/** 'Normală' and 'normala' are one tax, as the application's header matching has it. */
function taxKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

interface Tax {
  name: string;
  percentage: number;
}

function taxListOf(json: string): Tax[] {
  try {
    const taxes: unknown = JSON.parse(json);
    if (!Array.isArray(taxes)) return [];
    return taxes.filter(
      (tax): tax is Tax => typeof tax?.name === "string" && typeof tax?.percentage === "number" && Number.isFinite(tax.percentage),
    );
  } catch {
    return [];
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table products alter column price drop not null, alter column price drop default`.execute(db);
  } else {
    await rebuildSqliteProducts(db, { priceNullable: true });
  }
  await db.updateTable("products").set({ price: null }).where("price", "=", 0).execute();

  const lists = await db.selectFrom("tax_lists").select(["tenantId", "taxes"]).execute();
  for (const { tenantId, taxes: json } of lists) {
    const taxes = new Map(taxListOf(json).map((tax) => [taxKey(tax.name), tax]));
    if (taxes.size === 0) continue;
    const productTaxes = await db.selectFrom("products").select("taxName").distinct().where("tenantId", "=", tenantId).execute();
    for (const { taxName } of productTaxes) {
      const tax = taxes.get(taxKey(taxName));
      if (!tax) continue;
      await db
        .updateTable("products")
        .set({ taxName: tax.name, taxPercentage: tax.percentage })
        .where("tenantId", "=", tenantId)
        .where("taxName", "=", taxName)
        .where((eb) => eb.or([eb("taxPercentage", "!=", tax.percentage), eb("taxName", "!=", tax.name)]))
        .execute();
    }
    const unsent = db.selectFrom("invoices").select("id").where("tenantId", "=", tenantId).where("status", "in", ["draft", "refused"]);
    const lineTaxes = await db.selectFrom("invoice_lines").select("taxName").distinct().where("invoiceId", "in", unsent).execute();
    for (const { taxName } of lineTaxes) {
      const tax = taxes.get(taxKey(taxName));
      if (!tax) continue;
      await db
        .updateTable("invoice_lines")
        .set({ taxName: tax.name, taxPercentage: tax.percentage })
        .where("invoiceId", "in", unsent)
        .where("taxName", "=", taxName)
        .where((eb) => eb.or([eb("taxPercentage", "!=", tax.percentage), eb("taxName", "!=", tax.name)]))
        .execute();
    }
  }
}

/** Prices not set go back to 0 (the VAT percents corrected stay: they are the right ones). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable("products").set({ price: 0 }).where("price", "is", null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table products alter column price set default 0, alter column price set not null`.execute(db);
  } else {
    await rebuildSqliteProducts(db, { priceNullable: false });
  }
}

/** products as migration 0010 made it, with the price nullable or not; rows, ids and the index kept. */
async function rebuildSqliteProducts(db: Kysely<any>, { priceNullable }: { priceNullable: boolean }): Promise<void> {
  await db.schema
    .createTable("products_rebuilt")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("tenantId", "integer", (c) => c.notNull().references("tenants.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("price", "real", (c) => (priceNullable ? c : c.notNull().defaultTo(0)).check(sql`"price" >= 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("RON"))
    .addColumn("taxName", "text", (c) => c.notNull())
    .addColumn("taxPercentage", "real", (c) => c.notNull().check(sql`"taxPercentage" >= 0 and "taxPercentage" <= 100`))
    .addColumn("isService", "integer", (c) => c.notNull().defaultTo(0).check(sql`"isService" in (0, 1)`))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("products_tenantId_code", ["tenantId", "code"])
    .execute();
  await sql`insert into products_rebuilt select id, "tenantId", code, name, unit, price, currency, "taxName", "taxPercentage", "isService", "createdAt", "updatedAt" from products`.execute(db);
  // AUTOINCREMENT never gives an id again, even a deleted product's: the sequence goes on.
  await sql`update sqlite_sequence set seq = max(seq, (select seq from sqlite_sequence where name = 'products'))
            where name = 'products_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'products_rebuilt', seq from sqlite_sequence
            where name = 'products' and not exists (select 1 from sqlite_sequence where name = 'products_rebuilt')`.execute(db);
  await db.schema.dropTable("products").execute();
  await db.schema.alterTable("products_rebuilt").renameTo("products").execute();
  await db.schema.createIndex("products_tenantId_name").on("products").columns(["tenantId", "name", "id"]).execute();
}
