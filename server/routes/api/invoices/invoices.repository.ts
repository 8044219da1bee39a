/**
 * A tenant's imported invoices (their lines: invoiceLines.repository.ts): plain functions taking `db`,
 * dialect-free. Booleans are stored as 0/1 (migration 0006) and answered as booleans; the due
 * date is not stored but computed (issueDate + dueDays); the client's name is looked up in the
 * tenant's customers (null when the client is gone).
 *
 * Concurrency: the form is saved with an optimistic version (`updateInvoiceForm`: one UPDATE …
 * WHERE version = :v). Line writes take the invoice's row lock first (`lockEditableInvoice`: a
 * write of updatedAt on an editable invoice), so a line cannot slip in while a send moves the
 * invoice to `sending`, and the 400-line limit holds under concurrent adds.
 *
 * Every query of a document is scoped by its tenant AND its kind (DocumentScope): an invoice's
 * routes never find a proforma, nor a proforma's routes an invoice.
 *
 * A send (sendInvoice.ts) claims the invoice with one conditional UPDATE (`claimInvoiceSend`)
 * and writes its outcome only while the claim is still its own (`updateClaimedSend`).
 *
 * Every answer carries the invoice's `total`, summed from its lines in the same query (a
 * subquery per invoice over the lines' (invoiceId, id) index), never stored, so no line write can
 * leave it stale.
 */
import { paymentStatusOf } from "../../../../contract/invoiceEvents";
import { type ExpressionBuilder, type Insertable, type Kysely, type SelectQueryBuilder, type Selectable, sql, type Updateable } from "kysely";
import type { DocumentType } from "../../../../contract/documentKinds";
import {
  type Invoice,
  type InvoiceForm,
  type InvoiceLineInput,
  type InvoiceStatus,
  type ListParams,
  type Page,
  INVOICE_STATUSES,
} from "../../../../contract/api";
import type { CustomersTable, Database, InvoicesTable } from "../../../db/database";
import type { DocumentScope } from "./documentKinds";
import { timestamp } from "../../../db/timestamps";
import { type ListSpec, runList } from "../listQuery";
import { dueDateOf } from "./invoiceDates";
import { invoiceListFilters } from "./invoiceListFilters";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { EFACTURA_COLUMNS, type EfacturaRow, efacturaArchived, efacturaConnectedColumn, efacturaMessageAt, invoiceEfacturaOf } from "./invoiceEfactura";
import { getInvoiceLines, insertInvoiceLines } from "./invoiceLines.repository";

/** The statuses in which the form and the lines may change (sending and sent are frozen). */
const EDITABLE_STATUSES = ["draft", "refused", "unclear"] as const satisfies readonly InvoiceStatus[];

/** The unpaged (compatibility) form answers at most this many; more asks for pages. */
const MAX_UNPAGED_INVOICES = 10_000;

/** The list, with the filters over what is owed as of `today` (Romania's date: invoiceListFilters.ts). */
export const invoiceListFor = (today: string) =>
  ({
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
    ...invoiceListFilters(today),
  },
  maxUnpaged: MAX_UNPAGED_INVOICES,
}) satisfies ListSpec;

/** The list's parameters (its schema); the filters' day is given per request (listInvoices). */
export const invoiceList = invoiceListFor("");

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
  "invoices.cancelledAt",
  "invoices.deletedAt",
  "invoices.reversalOfId",
  "invoices.reversedById",
  "invoices.paymentTotal",
  "invoices.paymentPaid",
  "invoices.paymentCheckedAt",
  "invoices.documentType",
  "invoices.documentViewUrl",
  "invoices.proformaId",
  "invoices.invoicedSeries",
  "invoices.invoicedNumber",
  "invoices.unpaid",
  ...EFACTURA_COLUMNS,
  "customers.clientName",
] as const;

/**
 * The invoice's total with VAT: each line's net (quantity × price) and VAT rounded to the
 * invoice's precision, as SmartBill rounds its lines and the edit screen's totals do, then
 * summed. Null when a line is in another currency than the invoice's (no one sum names it).
 * `cast(… as numeric)` gives PostgreSQL the `round(numeric, int)` it has, and is a no-op on SQLite.
 */
export function invoiceTotal(eb: ExpressionBuilder<Database, "invoices">) {
  const precision = eb.ref("invoices.precision");
  const net = sql`round(cast(${sql.ref("l.quantity")} * ${sql.ref("l.price")} as numeric), ${precision})`;
  const vat = sql`round(cast(${net} * ${sql.ref("l.taxPercentage")} / 100 as numeric), ${precision})`;
  return eb
    .selectFrom("invoice_lines as l")
    .select(
      sql<number | string | null>`case when sum(case when ${sql.ref("l.currency")} = ${eb.ref("invoices.currency")} then 0 else 1 end) > 0 then null
        else coalesce(sum(${net} + ${vat}), 0) end`.as("total"),
    )
    .whereRef("l.invoiceId", "=", "invoices.id")
    .as("total");
}

/** On a proforma: the invoice of ours issued from it (proformaId is unique, so one at most). */
function issuedInvoiceId(eb: ExpressionBuilder<Database, "invoices">) {
  return eb.selectFrom("invoices as issued").select("issued.id").whereRef("issued.proformaId", "=", "invoices.id").as("invoiceId");
}

/** The documents of a tenant and kind with the client's name joined in (one query; null when not found). */
function invoicesWithClient(db: Kysely<Database>, scope: DocumentScope) {
  return db
    .selectFrom("invoices")
    .leftJoin("customers", (join) =>
      join.onRef("customers.id", "=", "invoices.clientId").onRef("customers.tenantId", "=", "invoices.tenantId"),
    )
    .where("invoices.tenantId", "=", scope.tenantId)
    .where("invoices.documentType", "=", scope.documentType);
}

type InvoiceRow = Omit<EfacturaRow, "documentType" | "status" | "draft" | "sentNumber" | "cancelledAt" | "deletedAt" | "issueDate"> & {
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
  cancelledAt: string | null;
  deletedAt: string | null;
  reversalOfId: number | null;
  reversedById: number | null;
  paymentTotal: number | null;
  paymentPaid: number | null;
  paymentCheckedAt: string | null;
  documentType: DocumentType;
  documentViewUrl: string | null;
  proformaId: number | null;
  invoicedSeries: string | null;
  invoicedNumber: string | null;
  unpaid: number;
  invoiceId: number | null;
  clientName: string | null;
  /** PostgreSQL's numeric arrives as text */
  total: number | string | null;
};

function toInvoice(row: InvoiceRow, today: string): Invoice {
  return {
    id: row.id,
    clientId: row.clientId,
    warehouseId: row.warehouseId,
    issueDate: row.issueDate,
    dueDays: row.dueDays,
    // '' rather than an impossible date for a row stored before dates were bounded; the send refuses it.
    dueDate: dueDateOf(row.issueDate, row.dueDays) ?? "",
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
    cancelled: row.cancelledAt !== null,
    deletedFromSmartBill: row.deletedAt !== null,
    reversalOfId: row.reversalOfId,
    reversedById: row.reversedById,
    payment: paymentOf(row),
    total: totalOf(row),
    documentType: row.documentType,
    documentViewUrl: row.documentViewUrl,
    proformaId: row.proformaId,
    invoiceId: row.invoiceId,
    invoicedAs: row.invoicedSeries !== null && row.invoicedNumber !== null ? { series: row.invoicedSeries, number: row.invoicedNumber } : null,
    unpaid: Number(row.unpaid),
    efactura: invoiceEfacturaOf(row, today),
  };
}

/** The lines' sum, rounded to the invoice's precision once more (a float sum may carry noise). */
function totalOf(row: InvoiceRow): number | null {
  if (row.total === null) return null;
  const factor = 10 ** row.precision;
  return Math.round(Number(row.total) * factor) / factor;
}

/** SmartBill's payment status as last read (PostgreSQL's doubles arrive as numbers). */
function paymentOf(row: InvoiceRow): Invoice["payment"] {
  if (row.paymentTotal === null || row.paymentPaid === null || row.paymentCheckedAt === null) return null;
  const total = Number(row.paymentTotal);
  const paid = Number(row.paymentPaid);
  return {
    total,
    paid,
    unpaid: Math.round((total - paid) * 100) / 100,
    status: paymentStatusOf(total, paid),
    checkedAt: row.paymentCheckedAt,
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

/**
 * The tenant's document of the kind with its lines (ordered by id), or undefined when it is not in
 * the scope. `today` (Romania's date) dates e-Factura's deadline: the routes pass the server's clock.
 */
export async function getInvoice(
  db: Kysely<Database>,
  scope: DocumentScope,
  id: number,
  today: string = romanianDate(Date.now()),
): Promise<Invoice | undefined> {
  const row = await invoicesWithClient(db, scope)
    .where("invoices.id", "=", id)
    .select(INVOICE_COLUMNS)
    .select(invoiceTotal)
    .select(issuedInvoiceId)
    .select(efacturaMessageAt)
    .select(efacturaArchived)
    .select(efacturaConnectedColumn)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toInvoice(row, today), products: await getInvoiceLines(db, id) };
}

/** The list: Invoice items without lines; an array, or a page with page/size. */
export function listInvoices(db: Kysely<Database>, scope: DocumentScope, params: ListParams, today: string): Promise<Invoice[] | Page<Invoice>> {
  return runList(
    invoicesWithClient(db, scope),
    params,
    invoiceListFor(today),
    (query) =>
      query.select(INVOICE_COLUMNS).select(invoiceTotal).select(issuedInvoiceId).select(efacturaMessageAt).select(efacturaArchived).select(efacturaConnectedColumn),
    (rows) => rows.map((row) => toInvoice(row, today)),
  );
}

/**
 * What a write needs to know to refuse a change or claim a send: the version, the status, the
 * line defaults and the record of the last send. One query for the routes and the send alike.
 */
export const INVOICE_STATE_COLUMNS = [
  "id",
  "version",
  "status",
  "currency",
  "saveToDb",
  "warehouseId",
  "sendStartedAt",
  "sendSeriesNextNumber",
  "sentSeries",
  "sentNumber",
  "updatedAt",
] as const;

export type InvoiceState = Omit<Pick<Selectable<InvoicesTable>, (typeof INVOICE_STATE_COLUMNS)[number]>, "saveToDb"> & {
  saveToDb: boolean;
};

export function toInvoiceState(row: Pick<Selectable<InvoicesTable>, (typeof INVOICE_STATE_COLUMNS)[number]>): InvoiceState {
  return { ...row, saveToDb: row.saveToDb === 1 };
}

export async function findInvoiceState(db: Kysely<Database>, scope: DocumentScope, id: number): Promise<InvoiceState | undefined> {
  const row = await inScope(db.selectFrom("invoices").select(INVOICE_STATE_COLUMNS), scope)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toInvoiceState(row);
}

/** The state of the invoice a line belongs to, when that invoice is the tenant's. */
export async function findLineInvoice(db: Kysely<Database>, scope: DocumentScope, lineId: number): Promise<InvoiceState | undefined> {
  const row = await db
    .selectFrom("invoice_lines")
    .innerJoin("invoices", "invoices.id", "invoice_lines.invoiceId")
    .select(INVOICE_STATE_COLUMNS.map((column) => `invoices.${column}` as const))
    .where("invoice_lines.id", "=", lineId)
    .where("invoices.tenantId", "=", scope.tenantId)
    .where("invoices.documentType", "=", scope.documentType)
    .executeTakeFirst();
  return row && toInvoiceState(row);
}

/**
 * Writes a document of the scope's kind and all its lines; the caller runs it in a transaction.
 * `also`: what else it starts with (an invoice issued from a proforma names it). Answers the id.
 */
export async function insertInvoice(
  trx: Kysely<Database>,
  scope: DocumentScope,
  form: InvoiceForm,
  lines: readonly InvoiceLineInput[],
  also: Pick<Insertable<InvoicesTable>, "proformaId"> = {},
): Promise<number> {
  const now = timestamp();
  const { id } = await trx
    .insertInto("invoices")
    .values({ tenantId: scope.tenantId, documentType: scope.documentType, ...formColumns(form), ...also, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertInvoiceLines(trx, id, lines, now);
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
  scope: DocumentScope,
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
    .where("tenantId", "=", scope.tenantId)
    .where("documentType", "=", scope.documentType)
    .where("id", "=", id)
    .where("version", "=", version)
    .where("status", "in", EDITABLE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the invoice's row lock until the transaction ends, when it is the tenant's and editable
 * (a write of updatedAt: PostgreSQL locks the row, SQLite the database). A send that moves it to
 * `sending` then waits for this transaction, and sees its lines. False otherwise. The caller is
 * about to change a line: as a form save does, a `refused` invoice goes back to `draft`, since
 * SmartBill's refusal no longer describes it (its history keeps the refusal).
 */
export async function lockEditableInvoice(trx: Kysely<Database>, scope: DocumentScope, id: number): Promise<boolean> {
  const result = await trx
    .updateTable("invoices")
    .set((eb) => ({
      updatedAt: timestamp(),
      status: eb.case().when("status", "=", "refused").then("draft" as InvoiceStatus).else(eb.ref("status")).end(),
      errorText: eb.case().when("status", "=", "refused").then(null).else(eb.ref("errorText")).end(),
    }))
    .where("tenantId", "=", scope.tenantId)
    .where("documentType", "=", scope.documentType)
    .where("id", "=", id)
    .where("status", "in", EDITABLE_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The tenant's customer the form names: does it exist? */
export async function customerExists(db: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const row = await db.selectFrom("customers").select("id").where("tenantId", "=", tenantId).where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** The invoice's client as SmartBill gets it: the tenant's customer, or undefined when it is gone. */
export async function findInvoiceClient(
  db: Kysely<Database>,
  tenantId: number,
  clientId: number,
): Promise<Selectable<CustomersTable> | undefined> {
  return db.selectFrom("customers").selectAll().where("tenantId", "=", tenantId).where("id", "=", clientId).executeTakeFirst();
}

/**
 * Moves the invoice to `sending` only from the exact (status, sendStartedAt) the caller read,
 * so of two sends that read the same state exactly one wins. `startedAt` becomes the claim's
 * token. The record of the last attempt is cleared unless `keepAttempt` (an unclear invoice's
 * attempt still has to be checked). True when this call won.
 */
export async function claimInvoiceSend(
  db: Kysely<Database>,
  scope: DocumentScope,
  read: Pick<InvoiceState, "id" | "status" | "sendStartedAt">,
  startedAt: string,
  keepAttempt: boolean,
  /** More to write with the claim (a SmartBill draft being issued loses its draft record). */
  also: SendRecord = {},
): Promise<boolean> {
  let update = db
    .updateTable("invoices")
    .set({ status: "sending", sendStartedAt: startedAt, ...(keepAttempt ? {} : { sentSeries: null, sendSeriesNextNumber: null }), ...also })
    .where("tenantId", "=", scope.tenantId)
    .where("documentType", "=", scope.documentType)
    .where("id", "=", read.id)
    .where("status", "=", read.status);
  update = read.sendStartedAt === null ? update.where("sendStartedAt", "is", null) : update.where("sendStartedAt", "=", read.sendStartedAt);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What a claimed send records: its attempt, its outcome, or the state it puts back. */
export type SendRecord = Pick<
  Updateable<InvoicesTable>,
  | "status"
  | "sendStartedAt"
  | "sendSeriesNextNumber"
  | "sentSeries"
  | "sentNumber"
  | "sentMessage"
  | "sentUrl"
  | "errorText"
  | "sentAt"
  | "updatedAt"
  | "draft"
  | "documentId"
  | "documentUrl"
  | "documentViewUrl"
>;

/** A claimed send's write: applied only while the invoice is still `sending` under this claim's token. */
export async function updateClaimedSend(
  db: Kysely<Database>,
  scope: DocumentScope,
  id: number,
  startedAt: string,
  values: SendRecord,
): Promise<void> {
  await db
    .updateTable("invoices")
    .set(values)
    .where("tenantId", "=", scope.tenantId)
    .where("documentType", "=", scope.documentType)
    .where("id", "=", id)
    .where("status", "=", "sending")
    .where("sendStartedAt", "=", startedAt)
    .executeTakeFirst();
}

/** A query of `invoices` narrowed to the scope's tenant and kind. */
export function inScope<O>(query: SelectQueryBuilder<Database, "invoices", O>, scope: DocumentScope): SelectQueryBuilder<Database, "invoices", O> {
  return query.where("invoices.tenantId", "=", scope.tenantId).where("invoices.documentType", "=", scope.documentType);
}
