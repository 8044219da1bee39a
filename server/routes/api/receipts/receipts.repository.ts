/**
 * The tenant's receipts as the list, the screen and the actions read them: plain functions taking
 * `db`, dialect-free. A receipt issued with an invoice's cash payment names that invoice (its
 * series and number, read by a join, so a storno or a renumbering never leaves a stale copy).
 */
import { type Kysely, type SqlBool, sql } from "kysely";
import type { Receipt } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import type { ListSpec } from "../listQuery";

/** The list: newest first; filters by customer, kind, and a period of dates (yyyy-mm-dd: anything else is refused, not compared as text). */
export const receiptList = {
  sortable: {
    id: "receipts.id",
    date: "receipts.date",
    number: "receipts.number",
    clientName: "receipts.clientName",
    amount: "receipts.amount",
    kind: "receipts.kind",
  },
  searchable: ["receipts.clientName", "receipts.clientCif", "receipts.number", "receipts.text"],
  defaultOrder: [{ column: "receipts.date", direction: "desc" }, { column: "receipts.id", direction: "desc" }],
  filters: {
    clientId: { column: "receipts.clientId", schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 } },
    kind: { column: "receipts.kind", schema: { type: "string", enum: ["Chitanta", "Bon"] } },
    status: { column: "receipts.status", schema: { type: "string", enum: ["pending", "unclear", "issued", "deleted"] } },
    dateFrom: {
      column: "receipts.date",
      schema: { type: "string", maxLength: 10, pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
      where: (value) => sql<SqlBool>`${sql.ref("receipts.date")} >= ${String(value)}`,
    },
    dateTo: {
      column: "receipts.date",
      schema: { type: "string", maxLength: 10, pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
      where: (value) => sql<SqlBool>`${sql.ref("receipts.date")} <= ${String(value)}`,
    },
  },
  maxUnpaged: 10_000,
} as const satisfies ListSpec;

/** The tenant's receipts, with their invoice, nothing selected yet. */
export const receiptsOf = (db: Kysely<Database>, tenantId: number) =>
  db.selectFrom("receipts").leftJoin("invoices", "invoices.id", "receipts.invoiceId").where("receipts.tenantId", "=", tenantId);

export const receiptColumns = [
  "receipts.id",
  "receipts.kind",
  "receipts.status",
  "receipts.clientId",
  "receipts.clientName",
  "receipts.clientCif",
  "receipts.amount",
  "receipts.currency",
  "receipts.date",
  "receipts.text",
  "receipts.seriesName",
  "receipts.number",
  "receipts.smartBillId",
  "receipts.message",
  "receipts.invoiceId",
  "invoices.sentSeries as invoiceSeries",
  "invoices.sentNumber as invoiceNumber",
  "receipts.userEmail",
  "receipts.createdAt",
] as const;

type ReceiptRow = Omit<Receipt, "amount"> & { amount: number | string };

export const toReceipt = (row: ReceiptRow): Receipt => ({ ...row, amount: Number(row.amount) });

/** One of the tenant's receipts; undefined when it has none with that id. */
export async function findReceipt(db: Kysely<Database>, tenantId: number, id: number): Promise<Receipt | undefined> {
  const row = await receiptsOf(db, tenantId).select(receiptColumns).where("receipts.id", "=", id).executeTakeFirst();
  return row && toReceipt(row as ReceiptRow);
}
