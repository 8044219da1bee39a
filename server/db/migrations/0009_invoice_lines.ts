/**
 * An invoice's lines are called what they are: `invoice_products` becomes `invoice_lines`, rows,
 * ids and their sequence untouched. The index, and on PostgreSQL the sequence and the
 * constraints, take the new name too, so nothing in the schema still says "products". Frozen like
 * every migration: it imports nothing from the application.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, "invoice_products", "invoice_lines");
}

export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, "invoice_lines", "invoice_products");
}

async function rename(db: Kysely<any>, from: string, to: string): Promise<void> {
  await db.schema.alterTable(from).renameTo(to).execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // SQLite cannot rename an index: it is made again under the new name.
    await db.schema.dropIndex(`${from}_invoiceId_id`).execute();
    await db.schema.createIndex(`${to}_invoiceId_id`).on(to).columns(["invoiceId", "id"]).execute();
    return;
  }
  await sql`alter index ${sql.id(`${from}_invoiceId_id`)} rename to ${sql.id(`${to}_invoiceId_id`)}`.execute(db);
  await sql`alter index ${sql.id(`${from}_pkey`)} rename to ${sql.id(`${to}_pkey`)}`.execute(db);
  await sql`alter sequence ${sql.id(`${from}_id_seq`)} rename to ${sql.id(`${to}_id_seq`)}`.execute(db);
  // The foreign key and the checks, named by PostgreSQL after the table when they were made.
  const constraints = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = ${to}::regclass and contype in ('f', 'c') and conname like ${`${from}\\_%`}`.execute(db);
  for (const { name } of constraints.rows) {
    await sql`alter table ${sql.id(to)} rename constraint ${sql.id(name)} to ${sql.id(to + name.slice(from.length))}`.execute(db);
  }
}
