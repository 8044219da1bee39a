/**
 * /api/audit: the audit log ('Jurnal de audit'), read only. A tenant's admin reads the tenant's
 * rows; so does the super-admin acting in that tenant, and acting on the system tenant reads every
 * tenant's (`?tenantId=` picks one). A row without a result of its own reads 'Reușită' in the export.
 *   GET /                 the list protocol, newest first; filters `action`, `userEmail`
 *                         (contains), `tenantId`, and the period `from` / `to` (days, both included)
 *   GET /export?format=   csv | xlsx of the same rows, every one of them (no paging)
 *   GET /actions          every action the log knows (the filter's choices)
 */
import { Readable } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { AUDIT_RESULT_DONE } from "../../../../contract/auditActions";
import type { AuditEntry } from "../../../../contract/api";
import { SYSTEM_TENANT_ID } from "../../../../contract/constants";
import { isSuperadmin } from "../../../../contract/roles";
import { HttpError } from "../../../errors";
import { auditFiles, messages } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { formatRomanianTime } from "../../../smartbill/bucharestTime";
import { listAnswer } from "../../../../contract/schemas/answers";
import { attachment, CSV_TYPE, tableCsv, tableXlsx, XLSX_TYPE } from "../../spreadsheetStreams";
import { listQuerystringFor } from "../listQuery";
import { type AuditPeriod, type AuditScope, auditList, exportAudit, listAudit, periodProblem } from "./audit.repository";
import { auditActionName, auditActions } from "./auditActionNames";
import { AuditEntrySchema } from "../../../../contract/schemas/audit";
import { AuditActionsAnswer, Day } from "./schemas";
import { routeFolder } from "../routeFolder";

const period = { from: Type.Optional(Day), to: Type.Optional(Day) };
const listSchema = Type.Object({ ...listQuerystringFor(auditList).properties, ...period }, { additionalProperties: false });
const exportSchema = Type.Object(
  { ...listSchema.properties, format: Type.Optional(Type.Enum(["csv", "xlsx"])) },
  { additionalProperties: false },
);

const HEADERS = Object.values(auditFiles.headers);
const cells = (entry: AuditEntry) => [
  formatRomanianTime(Date.parse(entry.createdAt)),
  entry.tenantName ?? (entry.tenantId === null ? "" : `#${entry.tenantId}`),
  entry.userEmail,
  auditActionName(entry.action),
  [entry.targetLabel, entry.target && `#${entry.target}`].filter(Boolean).join(" "),
  entry.result ?? AUDIT_RESULT_DONE,
  entry.clientAddress,
];

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "audit");

  app.get("/", { schema: { querystring: listSchema, response: { 200: listAnswer(AuditEntrySchema) } } }, (request) => {
    const { from, to, ...params } = request.query;
    return listAudit(app.db, scopeOf(request), checked({ from, to }), params);
  });

  app.get("/actions", { schema: { response: { 200: AuditActionsAnswer } } }, async () => ({ actions: await auditActions() }));

  app.get("/export", { schema: { querystring: exportSchema } }, async (request, reply) => {
    const { format = "csv", from, to, ...params } = request.query;
    const rows = await exportAudit(app.db, scopeOf(request), checked({ from, to }), params);
    if (format === "xlsx") {
      return reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", attachment(auditFiles.export("xlsx")))
        .send(tableXlsx(auditFiles.sheet, HEADERS, rows, cells));
    }
    return reply
      .header("content-type", CSV_TYPE)
      .header("content-disposition", attachment(auditFiles.export("csv")))
      .send(Readable.from(tableCsv(HEADERS, rows, cells)));
  });
};

/**
 * The rows of the company the caller acts on (X-Tenant-ID): a super-admin acting in one company
 * reads that company's log, as its admin would; acting on the system tenant, every company's.
 */
function scopeOf(request: FastifyRequest): AuditScope {
  return isSuperadmin(request.user.roles) && request.tenantId === SYSTEM_TENANT_ID ? "all" : { tenantId: request.tenantId };
}

function checked(period: AuditPeriod): AuditPeriod {
  const problem = periodProblem(period);
  if (problem === "day") throw new HttpError(400, messages.auditDayInvalid);
  if (problem === "order") throw new HttpError(400, messages.auditPeriodReversed);
  return period;
}

export default routeFolder({ routes: auditRoutes });
