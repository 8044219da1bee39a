/**
 * POST /import: an invoice from the import form (`payload`, JSON of InvoiceForm) and a workbook
 * of its lines (`file`, excel-formats.md "Invoice lines"): InvoiceImportResult. Every row is
 * checked before anything is written; one bad row refuses the file, nothing stored.
 * GET /import/template: the workbook to fill in (lineTemplate.ts).
 *
 * The spec's API takes an invoice without a client, or without a warehouse while it takes its
 * products from stock (other clients of the API send such requests, to be completed on the
 * invoice's screen): it is stored, and the answer says what is missing before it can be sent
 * (`missing`, field → reason, and the same reasons after `message`). The import screen asks for
 * both before it uploads.
 *
 * A scope of its own: multipart (excel/upload.ts) is accepted here only.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import type { InvoiceForm, InvoiceImportResult, InvoiceLineInput } from "../../../../contract/api";
import { ExcelError } from "../../../excel/errors";
import { ignoredColumnsAnswer } from "../../../excel/ignoredColumns";
import { audited } from "../../../plugins/audit";
import { uploadReader } from "../../../excel/upload";
import { HttpError } from "../../../errors";
import { invoiceFiles, invoiceImportMissing, invoiceLinesResult, invoiceMessages, invoiceRowsRejected } from "../../../messages";
import { attachment, XLSX_TYPE } from "../../spreadsheetStreams";
import { MAX_PAYLOAD_BYTES, parsePayload, payloadInvalid } from "./importPayload";
import { issueDateWindow } from "./invoiceDates";
import { checkForm, checkReferences } from "./invoiceForm";
import { InvoiceImportAnswer } from "../../../../contract/schemas/invoices";
import { insertInvoice } from "./invoices.repository";
import type { LineDefaults } from "./lineRules";
import { readInvoiceLines } from "./lineSheet";
import { lineTemplateXlsx } from "./lineTemplate";
import { readTaxList } from "./vatRates";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";

/** The workbook and the form; the form may come as a field or as a JSON blob (a second file part). */
const upload = uploadReader({ fields: ["payload"], maxFieldBytes: MAX_PAYLOAD_BYTES, fieldError: payloadInvalid });

export const invoiceImportRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  await upload.accept(app);

  app.get("/import/template", async (_request, reply) =>
    reply.header("content-type", XLSX_TYPE).header("content-disposition", attachment(invoiceFiles.template)).send(lineTemplateXlsx()),
  );

  app.post("/import", { config: { audit: auditOf(kind, "import") }, schema: { response: { 200: InvoiceImportAnswer } } }, async (request, reply) => {
    try {
      const { file, fields } = await upload.read(request);
      const form = checkForm(parsePayload(request, fields.payload), "import", issueDateWindow(app.config, Date.now()));
      const warehouseName = await checkReferences(app.db, request.tenantId, form);
      const defaults: LineDefaults = { currency: form.currency, saveToDb: form.saveToDb, warehouseName };
      const taxes = () => readTaxList(app.db, request.tenantId, app.smartBillUrls, request.log);
      const reading = await readInvoiceLines(file, defaults, { taxes });
      const ignored = ignoredColumnsAnswer(reading.ignoredColumns);
      const withIgnored = (message: string) => (ignored ? `${message} ${ignored.note}` : message);
      const ignoredColumns = ignored ? { ignoredColumns: ignored.named, ignoredColumnsNote: ignored.note } : {};
      if (!reading.ok) {
        const message = withIgnored(invoiceRowsRejected(reading.rejected.length));
        return refusal(reply, 400, { error: true, message, errorMessage: message, rejected: reading.rejected, ...ignoredColumns });
      }
      const id = await audited(
        request,
        app.db,
        (trx) => insertInvoice(trx, scopeOf(request, kind), form, reading.lines),
        (invoiceId) => ({ target: invoiceId, result: invoiceLinesResult(reading.lines.length) }),
      );
      const missing = missingBeforeSend(form, reading.lines);
      const missingNote = Object.values(missing).join(" ");
      const result: InvoiceImportResult = {
        error: false,
        importRequestId: id,
        message: withIgnored(missingNote ? `${invoiceMessages.imported} ${missingNote}` : invoiceMessages.imported),
        lines: reading.lines.length,
        ...(missingNote ? { missing } : {}),
        ...ignoredColumns,
      };
      return result;
    } catch (error) {
      return refuseImport(error, reply);
    }
  });
};

/**
 * What the stored invoice still lacks before a send: a client; a warehouse when it takes its
 * products from stock and a line that is no service names none (SmartBill must know where to take
 * it from).
 */
function missingBeforeSend(form: InvoiceForm, lines: readonly InvoiceLineInput[]): Partial<Record<"clientId" | "warehouseId", string>> {
  const missing: Partial<Record<"clientId" | "warehouseId", string>> = {};
  if (form.clientId === null) missing.clientId = invoiceImportMissing.clientId;
  const needsWarehouse = form.useStock && lines.some((line) => !line.service && !line.warehouseName.trim());
  if (form.warehouseId === null && needsWarehouse) missing.warehouseId = invoiceImportMissing.warehouseId;
  return missing;
}

/** A refused import: 400 in the import result's shape (with `message` too), nothing written. */
function refuseImport(error: unknown, reply: FastifyReply) {
  if (!(error instanceof ExcelError) && !(error instanceof HttpError)) throw error;
  const status = error instanceof HttpError ? error.statusCode : 400;
  const errors = error instanceof HttpError ? error.errors : undefined;
  return refusal(reply, status, {
    message: error.message,
    error: true,
    errorMessage: error.message,
    rejected: [],
    ...(errors ? { errors } : {}),
  });
}

/** A refusal in the import result's shape, sent as it is (the route's schema describes its success). */
function refusal(reply: FastifyReply, status: number, body: InvoiceImportResult & { message: string; errors?: Record<string, string> }) {
  return reply.code(status).send(body);
}
