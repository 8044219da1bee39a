/**
 * /api/efactura/received ('Facturi primite'): the invoices suppliers sent the company through
 * SPV (messages 'FACTURA PRIMITA', read and archived by the SPV sync), read only, for the role
 * matrix row `receivedInvoices` (the invoicing role and the super-admin, as invoices):
 *
 *   GET /                 the list protocol (always a page); ?q (supplier's name or CIF, number),
 *                         ?supplierCif, ?issueDateFrom, ?issueDateTo, ?currency (receivedFilters.ts);
 *                         sort by receivedAt (default, newest first), issueDate, dueDate, total,
 *                         supplierName, number
 *   GET /export?format=   csv | xlsx of every row the same filters select (no paging)
 *   GET /{id}             one
 *   GET /{id}/zip         the signed ZIP as SPV gave it (invoice + signature)
 *   GET /{id}/pdf         ANAF's PDF of it (`transformare`)
 *
 * No POST, PUT or DELETE: what a supplier sent is not the company's to change. Another tenant's
 * id is unknown (404).
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { ReceivedInvoice } from "../../../../contract/efactura";
import { listAnswer } from "../../../../contract/schemas/answers";
import { ReceivedInvoiceSchema } from "../../../../contract/schemas/receivedInvoices";
import { archivedZip, downloadName, sendPdf, sendZip } from "../../../efactura/archiveDownload";
import { HttpError } from "../../../errors";
import { restrictTo } from "../../../plugins/requireRole";
import { attachment, CSV_TYPE, tableCsv, tableXlsx, XLSX_TYPE } from "../../spreadsheetStreams";
import { listQuerystringFor } from "../listQuery";
import { idParams } from "../params";
import { routeFolder } from "../routeFolder";
import { receivedInvoiceFiles, receivedInvoiceMessages } from "./receivedMessages";
import { exportReceived, listReceived, oneReceived, receivedArchive, receivedList } from "./receivedInvoices.repository";

const listSchema = listQuerystringFor(receivedList);
const exportSchema = Type.Object({ ...listSchema.properties, format: Type.Optional(Type.Enum(["csv", "xlsx"])) }, { additionalProperties: false });
const params = idParams("id");

const cells = (row: ReceivedInvoice) => [
  row.supplierName,
  row.supplierCif,
  row.number,
  row.issueDate,
  row.dueDate,
  row.total,
  row.currency,
  row.receivedAt,
  row.messageId,
];

export const receivedInvoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "receivedInvoices");

  app.get("/", { schema: { querystring: listSchema, response: { 200: listAnswer(ReceivedInvoiceSchema) } } }, (request) =>
    listReceived(app.db, request.tenantId, request.query),
  );

  app.get("/export", { schema: { querystring: exportSchema } }, async (request, reply) => {
    const { format = "csv", ...filters } = request.query;
    const rows = await exportReceived(app.db, request.tenantId, filters);
    const { headers, sheet } = receivedInvoiceFiles;
    const filename = receivedInvoiceFiles.export(format);
    if (format === "xlsx") {
      return reply.header("content-type", XLSX_TYPE).header("content-disposition", attachment(filename)).send(tableXlsx(sheet, headers, rows, cells));
    }
    return reply.header("content-type", CSV_TYPE).header("content-disposition", attachment(filename)).send(Readable.from(tableCsv(headers, rows, cells)));
  });

  app.get("/:id", { schema: { params, response: { 200: ReceivedInvoiceSchema } } }, async (request) => {
    const row = await oneReceived(app.db, request.tenantId, request.params.id);
    if (!row) throw new HttpError(404, receivedInvoiceMessages.notFound);
    return row;
  });

  const archiveOf = async (tenantId: number, id: number) => {
    const row = await receivedArchive(app.db, tenantId, id);
    if (!row) throw new HttpError(404, receivedInvoiceMessages.notFound);
    return { zip: await archivedZip(app, row), number: row.number };
  };

  app.get("/:id/zip", { schema: { params } }, async (request, reply) => {
    const { zip, number } = await archiveOf(request.tenantId, request.params.id);
    return sendZip(reply, zip, downloadName(number, "zip", String(request.params.id)));
  });

  app.get("/:id/pdf", { schema: { params } }, async (request, reply) => {
    const { zip, number } = await archiveOf(request.tenantId, request.params.id);
    return sendPdf(app, reply, zip, downloadName(number, "pdf", String(request.params.id)));
  });
};

export default routeFolder({ routes: receivedInvoiceRoutes });
