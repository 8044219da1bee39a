/**
 * /api/smartbill/customer: the tenant's customers ('Lista Clienți') and their Excel import
 * ('Import Clienți'), for the invoicing role and the super-admin (role matrix row `customers`).
 *
 *   GET  /all                 the list: Customer[] (capped), or {content, totalElements} with page/size
 *   GET, PUT, DELETE /{id}, POST /   one customer (customerRecordRoutes.ts)
 *   GET  /export?format=      csv | xlsx of the filtered, sorted list (same parameters, no paging)
 *   GET  /import/template     an .xlsx with the Romanian headers and one example row
 *   POST /import[?dryRun=true] multipart `file`: CustomerImportResult
 *   POST /import/errors       multipart `file`: the rejected rows as an .xlsx report
 *   GET, POST /import/anaf-check[/{taskId}]  'Verifică la ANAF' for the dry run (anafCheckRoutes.ts);
 *                             the import's `fillFromAnaf=true` then fills empty addresses from
 *                             ANAF's kept answers (anafAddressFill.ts), never asking ANAF
 *   GET  /{id}/statement[/pdf|/xlsx], POST /{id}/statement/email   'Fișa client' (statementRoutes.ts)
 *
 * Multipart is registered in this scope only (excel/upload.ts: one file of at most 20 MiB).
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import type { CustomerImportResult, RejectedRow } from "../../../../contract/api";
import { ExcelError } from "../../../excel/errors";
import { uploadReader } from "../../../excel/upload";
import { customerAnafCheckMessages, customerFiles, customerImportChecked, customerImportFinished } from "../../../messages";
import { ignoredColumnsAnswer } from "../../../excel/ignoredColumns";
import { restrictTo } from "../../../plugins/requireRole";
import { listAnswer } from "../../../../contract/schemas/answers";
import { listQuerystringFor } from "../listQuery";
import { CustomerImportAnswer, CustomerSchema } from "../../../../contract/schemas/customers";
import { customerRecordRoutes } from "./customerRecordRoutes";
import { anafCheckRoutes } from "./anafCheckRoutes";
import { statementRoutes } from "./statementRoutes";
import { filledFromAnaf } from "./anafAddressFill";
import { checkCustomerFile, type RejectedCustomerRow, validBatches } from "./customerImport";
import {
  customerList,
  existingCodes,
  exportCustomers,
  listCustomers,
  lockTenantCustomers,
  upsertCustomers,
} from "./customers.repository";
import { attachment, CSV_TYPE, XLSX_TYPE } from "../../spreadsheetStreams";
import { customersCsv, customersXlsx, errorReportXlsx, templateXlsx } from "./spreadsheets";
import { IRREGULAR_PATHS } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

export const PREVIEW_ROWS = 20;

const listSchema = listQuerystringFor(customerList);
const exportSchema = Type.Object(
  { ...listSchema.properties, format: Type.Optional(Type.Enum(["csv", "xlsx"])) },
  { additionalProperties: false },
);
const importSchema = Type.Object(
  { dryRun: Type.Optional(Type.Boolean()), fillFromAnaf: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** The workbook alone (`file`). */
const upload = uploadReader();

export const customerRoutes: FastifyPluginAsyncTypebox = async (app, options) => {
  restrictTo(app, "customers");
  await upload.accept(app);
  await customerRecordRoutes(app, options);
  await anafCheckRoutes(upload)(app, options);
  await statementRoutes(app, options);

  app.get(
    IRREGULAR_PATHS.customers.list,
    { schema: { querystring: listSchema, response: { 200: listAnswer(CustomerSchema) } } },
    (request) => listCustomers(app.db, request.tenantId, request.query),
  );

  app.get(
    "/export",
    { schema: { querystring: exportSchema } },
    async (request, reply) => {
      const { format = "csv", ...params } = request.query;
      const rows = await exportCustomers(app.db, request.tenantId, params);
      if (format === "xlsx") {
        return reply
          .header("content-type", XLSX_TYPE)
          .header("content-disposition", attachment(customerFiles.export("xlsx")))
          .send(customersXlsx(rows));
      }
      return reply
        .header("content-type", CSV_TYPE)
        .header("content-disposition", attachment(customerFiles.export("csv")))
        .send(Readable.from(customersCsv(rows)));
    },
  );

  app.get("/import/template", async (_request, reply) =>
    reply
      .header("content-type", XLSX_TYPE)
      .header("content-disposition", attachment(customerFiles.template))
      .send(templateXlsx()),
  );

  app.post(
    "/import",
    { config: { audit: "customers.import" }, schema: { querystring: importSchema, response: { 200: CustomerImportAnswer } } },
    async (request, reply) => {
      const dryRun = request.query.dryRun === true;
      try {
        // Rejected rows' cells are for the error report only (POST /import/errors).
        const checked = await checkCustomerFile((await upload.read(request)).file, { rejectedCells: false });
        const tenantId = request.tenantId;
        const previewRows = checked.valid.first(PREVIEW_ROWS);
        // Codes that exist already: every one for a dry run; for the write, only the preview's
        // (read before writing), since the write itself counts the new rows.
        let known: Set<string>;
        let newItems: number;
        // Empty addresses filled from ANAF's answers the dry run's check kept (read before the write).
        const fill = !dryRun && request.query.fillFromAnaf === true ? await filledFromAnaf(app.db, checked) : undefined;
        if (dryRun) {
          known = await existingCodes(app.db, tenantId, checked.codes);
          newItems = checked.valid.length - known.size; // the valid rows' codes are unique
        } else {
          ({ known, newItems } = await app.db.transaction().execute(async (trx) => {
            await lockTenantCustomers(trx, tenantId);
            const written = {
              known: await existingCodes(trx, tenantId, previewRows.map(({ fields }) => fields.codClient)),
              newItems: await upsertCustomers(trx, tenantId, fill?.batches ?? validBatches(checked)),
            };
            const updated = checked.valid.length - written.newItems;
            await request.audit(trx, { result: customerImportFinished(written.newItems, updated, checked.rejected.length) });
            return written;
          }));
          // The text index catches up after the answer; searches meanwhile scan the new rows.
          app.customerIndexer?.wake();
        }
        const updatedItems = checked.valid.length - newItems;
        const errorItems = checked.rejected.length;
        const counted = (dryRun ? customerImportChecked : customerImportFinished)(newItems, updatedItems, errorItems);
        // Said when rows were filled: a file whose addresses are all there reads as before.
        const summary = fill && fill.filledRows > 0 ? `${counted} ${customerAnafCheckMessages.filled(fill.filledRows)}` : counted;
        const ignored = ignoredColumnsAnswer(checked.ignoredColumns);
        const result: Omit<CustomerImportResult, "rejected"> = {
          error: false,
          message: ignored ? `${summary} ${ignored.note}` : summary,
          dryRun,
          counters: { newItems, updatedItems, errorItems },
          preview: previewRows.map(({ fields }) => ({ ...fields, action: known.has(fields.codClient) ? "update" : "new" })),
          ...(ignored ? { ignoredColumns: ignored.named, ignoredColumnsNote: ignored.note } : {}),
        };
        const body = Readable.from(importResultJson(result, checked.rejected), { objectMode: false });
        // The answer's JSON text, already written: a stream is sent as it is, never serialised.
        return (reply as FastifyReply).type("application/json; charset=utf-8").send(body);
      } catch (error) {
        return refuseFile(error, reply, dryRun);
      }
    },
  );

  // A report made from the file sent: nothing is written.
  app.post("/import/errors", { config: { audit: false } }, async (request, reply) => {
    try {
      const checked = await checkCustomerFile((await upload.read(request)).file);
      const report = await errorReportXlsx(checked);
      return reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", attachment(customerFiles.errorReport))
        .send(report);
    } catch (error) {
      return refuseFile(error, reply, true);
    }
  });
};

/**
 * The import's answer (CustomerImportResult) as JSON text in chunks: every rejected row is in
 * it (the screen lists them all), and a file of 100,000 rejected rows should not become 100,000
 * objects and one string of tens of MB at once.
 */
function* importResultJson(result: Omit<CustomerImportResult, "rejected">, rejected: Iterable<RejectedCustomerRow>): Generator<string> {
  let chunk = `${JSON.stringify(result).slice(0, -1)},"rejected":[`;
  let separator = "";
  for (const { row, codClient, reason } of rejected) {
    const item: RejectedRow = codClient === undefined ? { row, reason } : { row, codClient, reason };
    chunk += separator + JSON.stringify(item);
    separator = ",";
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}]}`;
}

/** A file-level refusal: 400 with the import result's shape, nothing written. */
function refuseFile(error: unknown, reply: FastifyReply, dryRun: boolean) {
  if (!(error instanceof ExcelError)) throw error;
  const message = error.message;
  const body: CustomerImportResult & { message: string } = {
    message,
    error: true,
    errorMessage: message,
    dryRun,
    counters: { newItems: 0, updatedItems: 0, errorItems: 0 },
    preview: [],
    rejected: [],
  };
  return reply.code(400).send(body);
}

export default routeFolder({ routes: customerRoutes });
