/**
 * /api/smartbill/receivables ('Scadențe'): what customers still owe, read only, for the invoicing
 * role and the super-admin (role matrix row `receivables`); "today" is Romania's date of the
 * server's clock (app.now):
 *
 *   GET /                 the list protocol (always a page): by invoice (default) or, with
 *                         ?view=customer, by customer and currency; filters ?q, ?clientId,
 *                         ?currency, ?seriesName, ?bucket, ?overdue (receivableFilters.ts)
 *   GET /export?format=   csv | xlsx of the same rows, every one of them (no paging)
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { API_PREFIXES } from "../../../../contract/paths";
import type { ReceivableCustomer, ReceivableInvoice } from "../../../../contract/receivables";
import { listAnswer } from "../../../../contract/schemas/answers";
import { RECEIVABLE_VIEWS, ReceivableCustomerSchema, ReceivableInvoiceSchema } from "../../../../contract/schemas/receivables";
import { receivableFiles } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { attachment, CSV_TYPE, tableCsv, tableXlsx, XLSX_TYPE } from "../../spreadsheetStreams";
import { listQuerystringFor } from "../listQuery";
import { routeFolder } from "../routeFolder";
import { exportReceivables, listReceivables, receivableInvoiceList, type ReceivableParams } from "./receivables.repository";

const view = { view: Type.Optional(Type.Enum([...RECEIVABLE_VIEWS], { description: "invoice (default) or customer" })) };
const listSchema = Type.Object({ ...listQuerystringFor(receivableInvoiceList("")).properties, ...view }, { additionalProperties: false });
const exportSchema = Type.Object({ ...listSchema.properties, format: Type.Optional(Type.Enum(["csv", "xlsx"])) }, { additionalProperties: false });

const invoiceCells = (row: ReceivableInvoice) => [
  row.seriesName,
  row.number,
  row.issueDate,
  row.dueDate,
  row.clientName,
  row.currency,
  row.total,
  row.paid,
  row.unpaid,
  row.daysOverdue,
  receivableFiles.buckets[row.bucket],
];
const customerCells = (row: ReceivableCustomer) => [
  row.clientName,
  row.currency,
  row.count,
  row.unpaid,
  row.overdue,
  row.oldestDueDate,
  row.maxDaysOverdue,
];

export const receivableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "receivables");
  const today = () => romanianDate(app.now());

  app.get(
    "/",
    { schema: { querystring: listSchema, response: { 200: listAnswer(Type.Union([ReceivableInvoiceSchema, ReceivableCustomerSchema])) } } },
    (request) => listReceivables(app.db, request.tenantId, request.query as ReceivableParams, today()),
  );

  app.get("/export", { schema: { querystring: exportSchema } }, async (request, reply) => {
    const { format = "csv", ...params } = request.query;
    const byCustomer = params.view === "customer";
    const rows = await exportReceivables(app.db, request.tenantId, params as ReceivableParams, today());
    const headers = byCustomer ? receivableFiles.customerHeaders : receivableFiles.invoiceHeaders;
    const cells = (byCustomer ? customerCells : invoiceCells) as (row: ReceivableInvoice | ReceivableCustomer) => (string | number | null)[];
    const items = rows as AsyncIterable<ReceivableInvoice | ReceivableCustomer>;
    const filename = receivableFiles.export(byCustomer ? "customer" : "invoice", format);
    if (format === "xlsx") {
      return reply.header("content-type", XLSX_TYPE).header("content-disposition", attachment(filename)).send(tableXlsx(receivableFiles.sheet, headers, items, cells));
    }
    return reply.header("content-type", CSV_TYPE).header("content-disposition", attachment(filename)).send(Readable.from(tableCsv(headers, items, cells)));
  });
};

export default routeFolder({ routes: [[receivableRoutes, API_PREFIXES.receivables]] });
