/** A tenant's settings: plain functions taking `db`, dialect-free. Values here are never masked. */
import { type Kysely, sql } from "kysely";
import type { ListParams, Page, Property } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";
import { PROPERTY_NAME_MAX_LENGTH } from "../../../../contract/schemas/properties";

/**
 * The words that make a setting secret, as contract/maskSecret.ts isSecretName reads them
 * (properties.test.ts checks that the two agree).
 */
export const SECRET_NAME_WORDS = ["password", "token", "secret"] as const;

/**
 * Sorting by value leaves secrets out (they sort as empty text): otherwise adding settings
 * with chosen values and watching where a secret lands would spell it out, one character at
 * a time, although it is only ever shown masked.
 */
const valueUnlessSecret = sql`case when ${sql.join(
  SECRET_NAME_WORDS.map((word) => sql`lower("properties"."name") like ${`%${word}%`}`),
  sql` or `,
)} then '' else "properties"."value" end`;

export const propertyList = {
  sortable: { name: "properties.name", value: valueUnlessSecret },
  searchable: ["properties.name"],
  defaultOrder: ["properties.name"],
  // Settings are keyed by name: `?id=smartbill.token`.
  key: { column: "properties.name", schema: { type: "string", maxLength: PROPERTY_NAME_MAX_LENGTH } },
} satisfies ListSpec;

/** The tenant's settings as stored; `mask` turns each into what may leave the server. */
export function listProperties(
  db: Kysely<Database>,
  tenantId: number,
  params: ListParams,
  mask: (property: Property) => Property,
): Promise<Property[] | Page<Property>> {
  return runList(
    db.selectFrom("properties").where("properties.tenantId", "=", tenantId),
    params,
    propertyList,
    (query) => query.select(["properties.name", "properties.value"]),
    (rows) => rows.map(mask),
  );
}

export async function findProperty(
  db: Kysely<Database>,
  tenantId: number,
  name: string,
): Promise<Property | undefined> {
  return db
    .selectFrom("properties")
    .select(["name", "value"])
    .where("tenantId", "=", tenantId)
    .where("name", "=", name)
    .executeTakeFirst();
}

/** The tenant's setting whose name equals `name` ignoring case, if any. */
export async function findPropertyNamed(
  db: Kysely<Database>,
  tenantId: number,
  name: string,
): Promise<Property | undefined> {
  return db
    .selectFrom("properties")
    .select(["name", "value"])
    .where("tenantId", "=", tenantId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertProperty(db: Kysely<Database>, tenantId: number, property: Property): Promise<void> {
  const now = timestamp();
  await db
    .insertInto("properties")
    .values({ tenantId, ...property, createdAt: now, updatedAt: now })
    .execute();
}

/** False when the tenant has no setting of that name. */
export async function updateProperty(
  db: Kysely<Database>,
  tenantId: number,
  name: string,
  value: string,
): Promise<boolean> {
  const result = await db
    .updateTable("properties")
    .set({ value, updatedAt: timestamp() })
    .where("tenantId", "=", tenantId)
    .where("name", "=", name)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when the tenant has no setting of that name. */
export async function deleteProperty(db: Kysely<Database>, tenantId: number, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom("properties")
    .where("tenantId", "=", tenantId)
    .where("name", "=", name)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The tenant's settings, unmasked, as name → value, for use on the server only (e.g. the
 * SmartBill client reads `readTenantProperties(db, tenantId, "smartbill.")`). With a prefix,
 * only the names starting with it, compared exactly (case-sensitive).
 */
export async function readTenantProperties(
  db: Kysely<Database>,
  tenantId: number,
  prefix?: string,
): Promise<Record<string, string>> {
  let query = db.selectFrom("properties").select(["name", "value"]).where("tenantId", "=", tenantId);
  if (prefix) query = query.where(sql<boolean>`substr("name", 1, ${prefix.length}) = ${prefix}`);
  const rows = await query.orderBy("name").execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}
