/**
 * What customers still owe ('Scadențe'), from the stored amounts (migration 0023): the invoices
 * with something unpaid (the partial indexes invoices_unpaid and invoices_unpaid_client), one row
 * each, or added up per customer and currency. Dialect-free; the list protocol of listQuery.ts.
 *
 * "Days overdue" is today less the due date, so sorting by it is sorting by the due date the
 * other way: the sort is turned around before the list reads it (one index serves both).
 */
import { type Expression, type Kysely, type SqlBool, sql } from "kysely";
import type { ListParams, Page } from "../../../../contract/api";
import type { ReceivableCustomer, ReceivableInvoice } from "../../../../contract/receivables";
import type { Database } from "../../../db/database";
import { homeMessages } from "../../../messages";
import { bucketOf, daysOverdue } from "../invoices/aging";
import { owing } from "../invoices/countedAsInvoiced";
import { likePattern, type ListSpec, listSelectQuery, runPage } from "../listQuery";
import { type ReceivableFilterName, receivableFilters } from "./receivableFilters";

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The parameters both views read: the list's, the filters' and the view. */
export type ReceivableParams = ListParams & Partial<Record<ReceivableFilterName, string | number>> & { view?: "invoice" | "customer" };

/** By invoice: the oldest due date first. */
export const receivableInvoiceList = (today: string) =>
  ({
    sortable: {
      id: "invoices.id",
      dueDate: "invoices.dueDate",
      // Turned into dueDate the other way (sortTurned); named here so a wrong field's refusal lists it.
      daysOverdue: "invoices.dueDate",
      unpaid: "invoices.unpaid",
      clientName: "customers.clientName",
      issueDate: "invoices.issueDate",
      number: "invoices.sentNumber",
    },
    searchable: [],
    defaultOrder: ["invoices.dueDate", "invoices.id"],
    filters: receivableFilters(today),
    maxUnpaged: 10_000,
  }) as const satisfies ListSpec;

/** By customer and currency: who owes most first. */
const receivableCustomerList = {
  sortable: {
    unpaid: "owed.unpaid",
    overdue: "owed.overdue",
    count: "owed.count",
    clientName: "customers.clientName",
    oldestDueDate: "owed.oldestDueDate",
    maxDaysOverdue: "owed.oldestDueDate",
  },
  searchable: [],
  defaultOrder: [{ column: "owed.unpaid", direction: "desc" }, "owed.clientId", "owed.currency"],
  maxUnpaged: 10_000,
} as const satisfies ListSpec;

/** `daysOverdue,asc` is `dueDate,desc` (and maxDaysOverdue the oldest due date's): the same rows, read from one index. */
function sortTurned(sort: string | undefined, turned: Record<string, string>): string | undefined {
  if (!sort) return sort;
  const [field, direction = "asc", ...rest] = sort.split(",");
  const to = turned[field.trim()];
  if (!to || rest.length > 0) return sort;
  const other = direction.trim().toLowerCase() === "desc" ? "asc" : direction.trim().toLowerCase() === "asc" ? "desc" : direction;
  return `${to},${other}`;
}

/** `q`: the customer's name, or the invoice's series and number ("SBL 0012", "SBL0012", "0012"), ignoring case and diacritics. */
function textMatches(q: string): Expression<SqlBool> {
  const pattern = likePattern(q.trim());
  const series = sql`coalesce(${sql.ref("invoices.sentSeries")}, '')`;
  const number = sql`coalesce(${sql.ref("invoices.sentNumber")}, '')`;
  return sql<SqlBool>`(fold(coalesce(${sql.ref("customers.clientName")}, '')) like ${pattern} escape '\\'
    or fold(${series} || ' ' || ${number}) like ${pattern} escape '\\'
    or fold(${series} || ${number}) like ${pattern} escape '\\')`;
}

/** The tenant's invoices owed, with their customer, `q` applied; the other filters are the list's. */
function owedInvoices(db: Kysely<Database>, tenantId: number, q: string | undefined) {
  let query = db
    .selectFrom("invoices")
    .leftJoin("customers", (join) => join.onRef("customers.id", "=", "invoices.clientId").onRef("customers.tenantId", "=", "invoices.tenantId"))
    .where("invoices.tenantId", "=", tenantId)
    .where(owing());
  if (q?.trim()) query = query.where(textMatches(q));
  return query;
}

const INVOICE_COLUMNS = [
  "invoices.id",
  "invoices.sentSeries",
  "invoices.sentNumber",
  "invoices.issueDate",
  "invoices.dueDate",
  "invoices.clientId",
  "customers.clientName",
  "invoices.currency",
  "invoices.sentTotal",
  "invoices.unpaid",
] as const;

interface InvoiceRow {
  id: number;
  sentSeries: string | null;
  sentNumber: string | null;
  issueDate: string;
  dueDate: string | null;
  clientId: number | null;
  clientName: string | null;
  currency: string;
  sentTotal: number | string | null;
  unpaid: number | string;
}

const toInvoiceRow =
  (today: string) =>
  (row: InvoiceRow): ReceivableInvoice => {
    const total = Number(row.sentTotal ?? 0);
    const unpaid = Number(row.unpaid);
    const days = daysOverdue(row.dueDate, today);
    return {
      id: row.id,
      seriesName: row.sentSeries ?? "",
      number: row.sentNumber ?? "",
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      clientId: row.clientId,
      clientName: row.clientName ?? homeMessages.unknownClient,
      currency: row.currency,
      total,
      paid: cents(total - unpaid),
      unpaid,
      daysOverdue: days,
      bucket: bucketOf(days),
      lastReminderAt: null,
    };
  };

/** The by-invoice list's query, filtered and sorted, and how its rows become answers. */
function byInvoice(db: Kysely<Database>, tenantId: number, params: ReceivableParams, today: string) {
  const { q, view: _view, ...rest } = params;
  return {
    from: owedInvoices(db, tenantId, q),
    params: { ...rest, sort: sortTurned(rest.sort, { daysOverdue: "dueDate" }) },
    spec: receivableInvoiceList(today),
    select: (query: ReturnType<typeof owedInvoices>) => query.select(INVOICE_COLUMNS),
    toItem: toInvoiceRow(today),
  };
}

/** The by-customer list: the invoices owed (filtered as the other view) added up per customer and currency. */
function byCustomer(db: Kysely<Database>, tenantId: number, params: ReceivableParams, today: string) {
  const { q, view: _view, page, size, sort, ...filterValues } = params;
  let invoices = owedInvoices(db, tenantId, q);
  const filters = receivableFilters(today);
  for (const [name, filter] of Object.entries(filters)) {
    const value = (filterValues as Record<string, string | number | undefined>)[name];
    if (value !== undefined) invoices = invoices.where(filter.where(value));
  }
  const owed = invoices
    .select([
      "invoices.clientId",
      "invoices.currency",
      sql<number | string>`sum(${sql.ref("invoices.unpaid")})`.as("unpaid"),
      sql<number | string>`sum(case when ${sql.ref("invoices.dueDate")} < ${today} then ${sql.ref("invoices.unpaid")} else 0 end)`.as("overdue"),
      sql<number | string>`count(*)`.as("count"),
      sql<string | null>`min(${sql.ref("invoices.dueDate")})`.as("oldestDueDate"),
    ])
    .groupBy(["invoices.clientId", "invoices.currency"]);
  const from = db
    .selectFrom(owed.as("owed"))
    .leftJoin("customers", (join) => join.onRef("customers.id", "=", "owed.clientId").on("customers.tenantId", "=", tenantId));
  return {
    from,
    params: { page, size, sort: sortTurned(sort, { maxDaysOverdue: "oldestDueDate" }) } as ListParams,
    spec: receivableCustomerList,
    select: (query: typeof from) =>
      query.select(["owed.clientId", "owed.currency", "owed.unpaid", "owed.overdue", "owed.count", "owed.oldestDueDate", "customers.clientName"]),
    toItem: (row: {
      clientId: number | null;
      currency: string;
      unpaid: number | string;
      overdue: number | string;
      count: number | string;
      oldestDueDate: string | null;
      clientName: string | null;
    }): ReceivableCustomer => ({
      id: `${row.clientId ?? 0}-${row.currency}`,
      clientId: row.clientId,
      clientName: row.clientName ?? homeMessages.unknownClient,
      currency: row.currency,
      count: Number(row.count),
      unpaid: cents(Number(row.unpaid)),
      overdue: cents(Number(row.overdue)),
      oldestDueDate: row.oldestDueDate,
      maxDaysOverdue: daysOverdue(row.oldestDueDate, today),
    }),
  };
}

/** A page of the receivables (always `{content, totalElements}`), in the view asked for. */
export async function listReceivables(
  db: Kysely<Database>,
  tenantId: number,
  params: ReceivableParams,
  today: string,
): Promise<Page<ReceivableInvoice> | Page<ReceivableCustomer>> {
  if (params.view === "customer") {
    const list = byCustomer(db, tenantId, params, today);
    return runPage(list.from, list.params, list.spec, list.select, (rows) => rows.map(list.toItem));
  }
  const list = byInvoice(db, tenantId, params, today);
  return runPage(list.from, list.params, list.spec, list.select, (rows) => rows.map((row) => list.toItem(row as InvoiceRow)));
}

/** Every row of the view's filters, in its order, read in slices (an export). */
export async function exportReceivables(
  db: Kysely<Database>,
  tenantId: number,
  params: ReceivableParams,
  today: string,
  sliceSize = 5000,
): Promise<AsyncGenerator<ReceivableInvoice> | AsyncGenerator<ReceivableCustomer>> {
  const whole = { ...params, page: undefined, size: undefined };
  if (params.view === "customer") {
    const list = byCustomer(db, tenantId, whole, today);
    const query = await listSelectQuery(list.from, { ...list.params, page: undefined, size: undefined }, list.spec, list.select);
    return slices(query, sliceSize, list.toItem);
  }
  const list = byInvoice(db, tenantId, whole, today);
  const query = await listSelectQuery(list.from, list.params, list.spec, list.select);
  return slices(query, sliceSize, (row) => list.toItem(row as InvoiceRow));
}

async function* slices<Row, Item>(
  query: { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } },
  sliceSize: number,
  toItem: (row: Row) => Item,
): AsyncGenerator<Item> {
  for (let offset = 0; ; offset += sliceSize) {
    const rows = await query.limit(sliceSize).offset(offset).execute();
    yield* rows.map(toItem);
    if (rows.length < sliceSize) return;
  }
}
