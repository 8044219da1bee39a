/**
 * An invoice's lines: plain functions taking `db`, dialect-free. The caller has checked that the
 * invoice is the tenant's (invoices.repository.ts: findLineInvoice does it for a line id) and, for
 * a write, holds the invoice's row lock (lockEditableInvoice). Booleans are stored as 0/1.
 */
import type { Kysely, Selectable } from "kysely";
import type { InvoiceLine, InvoiceLineInput } from "../../../../contract/api";
import type { Database, InvoiceLinesTable } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";

/** 14 parameters a line: 200 a statement stays far below SQLite's and PostgreSQL's limits. */
const LINES_PER_INSERT = 200;

function toLine(row: Selectable<InvoiceLinesTable>): InvoiceLine {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    name: row.name,
    code: row.code,
    quantity: row.quantity,
    price: row.price,
    measuringUnitName: row.measuringUnitName,
    currency: row.currency,
    taxName: row.taxName,
    taxPercentage: row.taxPercentage,
    saveToDb: row.saveToDb === 1,
    service: row.service === 1,
    warehouseName: row.warehouseName,
  };
}

function lineColumns(line: InvoiceLineInput) {
  return {
    name: line.name,
    code: line.code,
    quantity: line.quantity,
    price: line.price,
    measuringUnitName: line.measuringUnitName,
    currency: line.currency,
    taxName: line.taxName,
    taxPercentage: line.taxPercentage,
    saveToDb: line.saveToDb ? 1 : 0,
    service: line.service ? 1 : 0,
    warehouseName: line.warehouseName,
  };
}

/** An invoice's lines in the order they were imported or added. */
export async function getInvoiceLines(db: Kysely<Database>, invoiceId: number): Promise<InvoiceLine[]> {
  const rows = await db.selectFrom("invoice_lines").selectAll().where("invoiceId", "=", invoiceId).orderBy("id").execute();
  return rows.map(toLine);
}

/** Writes an imported invoice's lines, in order; the caller runs it in the invoice's transaction. */
export async function insertInvoiceLines(trx: Kysely<Database>, invoiceId: number, lines: readonly InvoiceLineInput[], now: string): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    await trx
      .insertInto("invoice_lines")
      .values(lines.slice(start, start + LINES_PER_INSERT).map((line) => ({ invoiceId, ...lineColumns(line), createdAt: now, updatedAt: now })))
      .execute();
  }
}

/** Adds lines after the invoice's own, in order, and answers them as stored; the caller holds the invoice's lock. */
export async function appendInvoiceLines(trx: Kysely<Database>, invoiceId: number, lines: readonly InvoiceLineInput[]): Promise<InvoiceLine[]> {
  const now = timestamp();
  const added: InvoiceLine[] = [];
  for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
    const rows = await trx
      .insertInto("invoice_lines")
      .values(lines.slice(start, start + LINES_PER_INSERT).map((line) => ({ invoiceId, ...lineColumns(line), createdAt: now, updatedAt: now })))
      .returningAll()
      .execute();
    // Ids grow in the order the rows were given; RETURNING itself promises no order.
    added.push(...rows.sort((a, b) => a.id - b.id).map(toLine));
  }
  return added;
}

export async function countInvoiceLines(db: Kysely<Database>, invoiceId: number): Promise<number> {
  const { count } = await db
    .selectFrom("invoice_lines")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("invoiceId", "=", invoiceId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which the driver hands over as text.
  return Number(count);
}

export async function insertInvoiceLine(trx: Kysely<Database>, invoiceId: number, line: InvoiceLineInput): Promise<InvoiceLine> {
  const now = timestamp();
  const row = await trx
    .insertInto("invoice_lines")
    .values({ invoiceId, ...lineColumns(line), createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLine(row);
}

export async function updateInvoiceLine(
  trx: Kysely<Database>,
  invoiceId: number,
  id: number,
  line: InvoiceLineInput,
): Promise<InvoiceLine | undefined> {
  const row = await trx
    .updateTable("invoice_lines")
    .set({ ...lineColumns(line), updatedAt: timestamp() })
    .where("invoiceId", "=", invoiceId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toLine(row);
}

export async function deleteInvoiceLine(trx: Kysely<Database>, invoiceId: number, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("invoice_lines").where("invoiceId", "=", invoiceId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
