/**
 * A tenant's imported invoices and their product lines: plain functions taking `db`,
 * dialect-free. Booleans are stored as 0/1 (migration 0006) and answered as booleans; the due
 * date is not stored but computed (issueDate + dueDays); the client's name is looked up in the
 * tenant's customers (null when the client is gone).
 *
 * Concurrency: the form is saved with an optimistic version (`updateInvoiceForm`: one UPDATE …
 * WHERE version = :v). Line writes take the invoice's row lock first (`lockEditableInvoice`: a
 * write of updatedAt on an editable invoice), so a line cannot slip in while a send moves the
 * invoice to `sending`, and the 400-line limit holds under concurrent adds.
 */
import type { Kysely, Selectable } from "kysely";
import {
  type Invoice,
  type InvoiceForm,
  type InvoiceStatus,
  type ListParams,
  type Page,
  type ProductLine,
  type ProductLineInput,
  INVOICE_STATUSES,
} from "../../../../contract/api";
import type { Database, InvoiceProductsTable } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";

/** The statuses in which the form and the lines may change (sending and sent are frozen). */
const EDITABLE_STATUSES = ["draft", "refused", "unclear"] as const satisfies readonly InvoiceStatus[];

/** The unpaged (compatibility) form answers at most this many; more asks for pages. */
const MAX_UNPAGED_INVOICES = 10_000;

export const invoiceList: ListSpec = {
  sortable: {
    id: "invoices.id",
    clientId: "invoices.clientId",
    clientName: "customers.clientName",
    issueDate: "invoices.issueDate",
    dueDays: "invoices.dueDays",
    draft: "invoices.draft",
    currency: "invoices.currency",
    language: "invoices.language",
    precision: "invoices.precision",
    useStock: "invoices.useStock",
    seriesName: "invoices.seriesName",
    status: "invoices.status",
    sentAt: "invoices.sentAt",
    createdAt: "invoices.createdAt",
    updatedAt: "invoices.updatedAt",
  },
  searchable: ["customers.clientName", "invoices.mentions", "invoices.observations", "invoices.sentNumber"],
  // Newest first: the invoice just imported is on top.
  defaultOrder: [{ column: "invoices.id", direction: "desc" }],
  filters: {
    status: { column: "invoices.status", schema: { type: "string", enum: INVOICE_STATUSES } },
    clientId: { column: "invoices.clientId", schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 } },
  },
  maxUnpaged: MAX_UNPAGED_INVOICES,
};

const INVOICE_COLUMNS = [
  "invoices.id",
  "invoices.clientId",
  "invoices.warehouseId",
  "invoices.issueDate",
  "invoices.dueDays",
  "invoices.useStock",
  "invoices.mentions",
  "invoices.observations",
  "invoices.draft",
  "invoices.saveToDb",
  "invoices.seriesName",
  "invoices.currency",
  "invoices.language",
  "invoices.precision",
  "invoices.version",
  "invoices.status",
  "invoices.sentSeries",
  "invoices.sentNumber",
  "invoices.errorText",
  "invoices.sentAt",
  "invoices.createdAt",
  "invoices.updatedAt",
  "customers.clientName",
] as const;

/** The invoices of a tenant with the client's name joined in (one query; null when not found). */
function invoicesWithClient(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom("invoices")
    .leftJoin("customers", (join) =>
      join.onRef("customers.id", "=", "invoices.clientId").onRef("customers.tenantId", "=", "invoices.tenantId"),
    )
    .where("invoices.tenantId", "=", tenantId);
}

type InvoiceRow = {
  id: number;
  clientId: number | null;
  warehouseId: number | null;
  issueDate: string;
  dueDays: number;
  useStock: number;
  mentions: string;
  observations: string;
  draft: number;
  saveToDb: number;
  seriesName: string;
  currency: string;
  language: string;
  precision: number;
  version: number;
  status: InvoiceStatus;
  sentSeries: string | null;
  sentNumber: string | null;
  errorText: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  clientName: string | null;
};

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    clientId: row.clientId,
    warehouseId: row.warehouseId,
    issueDate: row.issueDate,
    dueDays: row.dueDays,
    dueDate: dueDateOf(row.issueDate, row.dueDays),
    useStock: row.useStock === 1,
    mentions: row.mentions,
    observations: row.observations,
    draft: row.draft === 1,
    saveToDb: row.saveToDb === 1,
    seriesName: row.seriesName,
    currency: row.currency,
    language: row.language,
    precision: row.precision,
    version: row.version,
    clientName: row.clientName ?? null,
    status: row.status,
    sentSeries: row.sentSeries,
    sentNumber: row.sentNumber,
    errorText: row.errorText,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** yyyy-mm-dd plus whole days, as a calendar date (no time zone involved). */
function dueDateOf(issueDate: string, dueDays: number): string {
  const [year, month, day] = issueDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + dueDays)).toISOString().slice(0, 10);
}

function toLine(row: Selectable<InvoiceProductsTable>): ProductLine {
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

const flag = (value: boolean) => (value ? 1 : 0);

/** The form's columns as stored. */
function formColumns(form: InvoiceForm) {
  return {
    clientId: form.clientId,
    warehouseId: form.warehouseId,
    issueDate: form.issueDate,
    dueDays: form.dueDays,
    useStock: flag(form.useStock),
    mentions: form.mentions,
    observations: form.observations,
    draft: flag(form.draft),
    saveToDb: flag(form.saveToDb),
    seriesName: form.seriesName,
    currency: form.currency,
    language: form.language,
    precision: form.precision,
  };
}

function lineColumns(line: ProductLineInput) {
  return {
    name: line.name,
    code: line.code,
    quantity: line.quantity,
    price: line.price,
    measuringUnitName: line.measuringUnitName,
    currency: line.currency,
    taxName: line.taxName,
    taxPercentage: line.taxPercentage,
    saveToDb: flag(line.saveToDb),
    service: flag(line.service),
    warehouseName: line.warehouseName,
  };
}

/** The tenant's invoice with its lines (ordered by id), or undefined when it is not the tenant's. */
export async function getInvoice(db: Kysely<Database>, tenantId: number, id: number): Promise<Invoice | undefined> {
  const row = await invoicesWithClient(db, tenantId).where("invoices.id", "=", id).select(INVOICE_COLUMNS).executeTakeFirst();
  if (!row) return undefined;
  return { ...toInvoice(row), products: await getInvoiceLines(db, id) };
}

/** An invoice's lines in the order they were imported or added. The caller checks the tenant. */
async function getInvoiceLines(db: Kysely<Database>, invoiceId: number): Promise<ProductLine[]> {
  const rows = await db.selectFrom("invoice_products").selectAll().where("invoiceId", "=", invoiceId).orderBy("id").execute();
  return rows.map(toLine);
}

/** The list: Invoice items without lines; an array, or a page with page/size. */
export function listInvoices(db: Kysely<Database>, tenantId: number, params: ListParams): Promise<Invoice[] | Page<Invoice>> {
  return runList(
    invoicesWithClient(db, tenantId),
    params,
    invoiceList,
    (query) => query.select(INVOICE_COLUMNS),
    (rows) => rows.map(toInvoice),
  );
}

/** What the write routes need to know to refuse a change: the version and the status. */
export interface InvoiceState {
  id: number;
  version: number;
  status: InvoiceStatus;
  currency: string;
  saveToDb: boolean;
  warehouseId: number | null;
}

export async function findInvoiceState(db: Kysely<Database>, tenantId: number, id: number): Promise<InvoiceState | undefined> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "version", "status", "currency", "saveToDb", "warehouseId"])
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { ...row, saveToDb: row.saveToDb === 1 };
}

/** Writes an imported invoice and all its lines; the caller runs it in a transaction. Answers the id. */
export async function insertInvoice(
  trx: Kysely<Database>,
  tenantId: number,
  form: InvoiceForm,
  lines: readonly ProductLineInput[],
): Promise<number> {
  const now = timestamp();
  const { id } = await trx
    .insertInto("invoices")
    .values({ tenantId, ...formColumns(form), createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  // 14 parameters a line: 200 a statement stays far below SQLite's and PostgreSQL's limits.
  for (let start = 0; start < lines.length; start += 200) {
    await trx
      .insertInto("invoice_products")
      .values(lines.slice(start, start + 200).map((line) => ({ invoiceId: id, ...lineColumns(line), createdAt: now, updatedAt: now })))
      .execute();
  }
  return id;
}

/**
 * Saves the form when the invoice is the tenant's, still at `version` and editable: one UPDATE,
 * so two saves from the same version cannot both win. The version goes up by one; a `refused`
 * invoice goes back to `draft` (its refusal text no longer describes it); `unclear` stays
 * unclear (its send must first be checked against the series). False when nothing was updated
 * (the caller tells why from `findInvoiceState`).
 */
export async function updateInvoiceForm(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  version: number,
  form: InvoiceForm,
): Promise<boolean> {
  const result = await db
    .updateTable("invoices")
    .set((eb) => ({
      ...formColumns(form),
      version: eb("version", "+", 1),
      status: eb.case().when("status", "=", "refused").then("draft" as InvoiceStatus).else(eb.ref("status")).end(),
      errorText: eb.case().when("status", "=", "refused").then(null).else(eb.ref("errorText")).end(),
      updatedAt: timestamp(),
    }))
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .where("version", "=", version)
    .where("status", "in", EDITABLE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the invoice's row lock until the transaction ends, when it is the tenant's and editable
 * (a write of updatedAt: PostgreSQL locks the row, SQLite the database). A send that moves it to
 * `sending` then waits for this transaction, and sees its lines. False otherwise.
 */
export async function lockEditableInvoice(trx: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const result = await trx
    .updateTable("invoices")
    .set({ updatedAt: timestamp() })
    .where("tenantId", "=", tenantId)
    .where("id", "=", id)
    .where("status", "in", EDITABLE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countLines(db: Kysely<Database>, invoiceId: number): Promise<number> {
  const { count } = await db
    .selectFrom("invoice_products")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .where("invoiceId", "=", invoiceId)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which the driver hands over as text.
  return Number(count);
}

export async function insertLine(trx: Kysely<Database>, invoiceId: number, line: ProductLineInput): Promise<ProductLine> {
  const now = timestamp();
  const row = await trx
    .insertInto("invoice_products")
    .values({ invoiceId, ...lineColumns(line), createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLine(row);
}

export async function updateLine(trx: Kysely<Database>, invoiceId: number, id: number, line: ProductLineInput): Promise<ProductLine | undefined> {
  const row = await trx
    .updateTable("invoice_products")
    .set({ ...lineColumns(line), updatedAt: timestamp() })
    .where("invoiceId", "=", invoiceId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toLine(row);
}

export async function deleteLine(trx: Kysely<Database>, invoiceId: number, id: number): Promise<boolean> {
  const result = await trx.deleteFrom("invoice_products").where("invoiceId", "=", invoiceId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The invoice a line belongs to, when that invoice is the tenant's. */
export async function findLineInvoice(db: Kysely<Database>, tenantId: number, lineId: number): Promise<InvoiceState | undefined> {
  const row = await db
    .selectFrom("invoice_products")
    .innerJoin("invoices", "invoices.id", "invoice_products.invoiceId")
    .select([
      "invoices.id",
      "invoices.version",
      "invoices.status",
      "invoices.currency",
      "invoices.saveToDb",
      "invoices.warehouseId",
    ])
    .where("invoice_products.id", "=", lineId)
    .where("invoices.tenantId", "=", tenantId)
    .executeTakeFirst();
  return row && { ...row, saveToDb: row.saveToDb === 1 };
}

/** The tenant's customer and warehouse, as the form names them: does each exist? */
export async function customerExists(db: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom("customers").select("id").where("tenantId", "=", tenantId).where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}
