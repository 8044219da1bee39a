/**
 * 'Facturi primite': the tenant's SPV messages of type 'FACTURA PRIMITA', with what their UBL
 * says (read when the message was downloaded). Dialect-free; the list protocol of listQuery.ts.
 * Newest received first.
 */
import type { Kysely } from "kysely";
import type { ListParams, Page } from "../../../../contract/api";
import { type ReceivedInvoice, SPV_MESSAGE_TYPES } from "../../../../contract/efactura";
import type { Database } from "../../../db/database";
import type { StoredArchive } from "../../../efactura/archive";
import { type ListSpec, listSelectQuery, runPage } from "../listQuery";
import { type ReceivedFilterName, receivedFilters } from "./receivedFilters";

export type ReceivedParams = ListParams & Partial<Record<ReceivedFilterName, string>>;

export const receivedList = {
  sortable: {
    id: "efactura_messages.id",
    receivedAt: "efactura_messages.createdAt",
    issueDate: "efactura_messages.issueDate",
    dueDate: "efactura_messages.dueDate",
    total: "efactura_messages.total",
    supplierName: "efactura_messages.supplierName",
    number: "efactura_messages.number",
  },
  searchable: ["efactura_messages.supplierName", "efactura_messages.supplierCif", "efactura_messages.number"],
  defaultOrder: [
    { column: "efactura_messages.createdAt", direction: "desc" },
    { column: "efactura_messages.id", direction: "desc" },
  ],
  filters: receivedFilters,
  maxUnpaged: 10_000,
} as const satisfies ListSpec;

const COLUMNS = [
  "efactura_messages.id",
  "efactura_messages.messageId",
  "efactura_messages.supplierName",
  "efactura_messages.supplierCif",
  "efactura_messages.number",
  "efactura_messages.issueDate",
  "efactura_messages.dueDate",
  "efactura_messages.total",
  "efactura_messages.currency",
  "efactura_messages.createdAt",
  "efactura_messages.archivedAt",
  "efactura_messages.archivePath",
] as const;

/** The selected row: the contract's fields as stored (a total as the dialect returns a decimal). */
type Row = Omit<ReceivedInvoice, "total" | "receivedAt" | "archived"> & {
  total: number | string | null;
  createdAt: string;
  archivedAt: string | null;
  archivePath: string | null;
  hasArchive: number | string | boolean | null;
};

/** The tenant's supplier invoices, nothing selected. */
const receivedOf = (db: Kysely<Database>, tenantId: number) =>
  db.selectFrom("efactura_messages").where("efactura_messages.tenantId", "=", tenantId).where("efactura_messages.type", "=", SPV_MESSAGE_TYPES.received);

type From = ReturnType<typeof receivedOf>;

// Whether a ZIP is kept, without reading the blob itself.
const select = (query: From) =>
  query.select(COLUMNS).select((eb) => eb.case().when("efactura_messages.archive", "is not", null).then(1).else(0).end().as("hasArchive"));

const toItem = (row: Row): ReceivedInvoice => ({
  id: row.id,
  messageId: row.messageId,
  supplierName: row.supplierName,
  supplierCif: row.supplierCif,
  number: row.number,
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  total: row.total === null ? null : Number(row.total),
  currency: row.currency,
  receivedAt: row.createdAt,
  archived: Number(row.hasArchive) === 1 || row.archivePath !== null,
});

export async function listReceived(db: Kysely<Database>, tenantId: number, params: ReceivedParams): Promise<Page<ReceivedInvoice>> {
  return runPage(receivedOf(db, tenantId), params, receivedList, select, (rows) => rows.map((row) => toItem(row as Row)));
}

export async function oneReceived(db: Kysely<Database>, tenantId: number, id: number): Promise<ReceivedInvoice | undefined> {
  const row = await select(receivedOf(db, tenantId)).where("efactura_messages.id", "=", id).executeTakeFirst();
  return row ? toItem(row as Row) : undefined;
}

/** The row's ZIP, as archive.ts reads it. */
export async function receivedArchive(db: Kysely<Database>, tenantId: number, id: number): Promise<(StoredArchive & { number: string | null }) | undefined> {
  return receivedOf(db, tenantId).select(["archive", "archivePath", "number"]).where("efactura_messages.id", "=", id).executeTakeFirst();
}

/**
 * Every row the filters select, in the list's order, read in slices (an export). The query is
 * made before the answer starts, so a bad sort is a 400, not a file cut short.
 */
export async function exportReceived(db: Kysely<Database>, tenantId: number, params: ReceivedParams, sliceSize = 5000): Promise<AsyncGenerator<ReceivedInvoice>> {
  const query = await listSelectQuery(receivedOf(db, tenantId), { ...params, page: undefined, size: undefined }, receivedList, select);
  return (async function* () {
    for (let offset = 0; ; offset += sliceSize) {
      const rows = await query.limit(sliceSize).offset(offset).execute();
      yield* rows.map((row) => toItem(row as Row));
      if (rows.length < sliceSize) return;
    }
  })();
}
