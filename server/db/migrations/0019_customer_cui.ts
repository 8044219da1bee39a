/**
 * `customers.cui`: the digits of a customer's CIF when they are a valid Romanian CUI (null for a
 * foreign VAT code, a person, a wrong control digit), the key ANAF knows a company by, so that a
 * tenant's customers can be matched with ANAF's answers without reading every CIF again. Filled
 * here for the customers already stored; every customer write keeps it since.
 *
 * Also an index on invoices' customer: a customer's invoices are counted on its page and before
 * it may be deleted, which otherwise read all of the tenant's invoices.
 *
 * Frozen like every migration: it imports nothing from the application, so the CUI rule is
 * written out here as it was when the column was made (contract/cif.ts).
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

const CONTROL_KEY = "753217532";

function cuiOf(cif: string): string | null {
  const digits = cif.replace(/[\s.-]+/g, "").toUpperCase().replace(/^RO/, "");
  if (!/^[1-9]\d{1,9}$/.test(digits)) return null;
  const body = digits.slice(0, -1).padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(CONTROL_KEY[i]);
  return ((sum * 10) % 11) % 10 === Number(digits[digits.length - 1]) ? digits : null;
}

/** Customers read and written at a time while filling the column. */
const BATCH = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("customers").addColumn("cui", "text").execute();
  await db.schema.createIndex("customers_tenantId_cui").on("customers").columns(["tenantId", "cui"]).execute();
  await db.schema.createIndex("invoices_tenantId_clientId").on("invoices").columns(["tenantId", "clientId"]).execute();

  // Each batch's CUIs travel as one JSON parameter: one statement a batch, not one a customer.
  for (let after = 0; ; ) {
    const rows: { id: number; cif: string }[] = await db
      .selectFrom("customers")
      .select(["id", "cif"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const found = rows.map((row) => ({ id: row.id, cui: cuiOf(row.cif) })).filter((row) => row.cui !== null);
    if (found.length === 0) continue;
    const json = JSON.stringify(found);
    await (postgres
      ? sql`update customers set cui = v.cui from jsonb_to_recordset(${json}::jsonb) as v(id integer, cui text) where customers.id = v.id`
      : sql`update customers set cui = v.value ->> 'cui' from json_each(${json}) as v where customers.id = v.value ->> 'id'`
    ).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoices_tenantId_clientId").execute();
  await db.schema.dropIndex("customers_tenantId_cui").execute();
  await db.schema.alterTable("customers").dropColumn("cui").execute();
}
