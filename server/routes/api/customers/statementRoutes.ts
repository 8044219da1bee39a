/**
 * A customer's statement ('Fișa client', customerStatement.ts), beside the customer at
 * /api/smartbill/customer (role matrix row `customers`):
 *
 *   GET  /:id/statement?dateFrom&dateTo   the statement as JSON (CustomerStatement)
 *   GET  /:id/statement/pdf               the same as a PDF (statementPdf.ts)
 *   GET  /:id/statement/xlsx              the same as a workbook (statementXlsx.ts)
 *   POST /:id/statement/email {to, dateFrom?, dateTo?}   the PDF e-mailed through the product's
 *                                         mailer (outbox, then SMTP), audited `customers.statement`
 *
 * The period defaults to this year's 1 January to today (Romania's); a wrong day, a period
 * backwards or longer than MAX_STATEMENT_YEARS is refused in Romanian before anything is read.
 * Another tenant's customer is not found (404).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { isEmailAddress } from "../../../../contract/emailAddress";
import { MessageAnswer } from "../../../../contract/schemas/answers";
import { StatementAnswer, StatementEmailBody, StatementQuery } from "../../../../contract/schemas/customerStatement";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { statementMessages } from "../../../messages";
import { SMARTBILL_SETTINGS } from "../../../smartbill/client";
import { attachment, XLSX_TYPE } from "../../spreadsheetStreams";
import { idParams } from "../params";
import { readTenantProperties } from "../properties/properties.repository";
import { customerStatement, romanianDay, type StatementPeriod, statementPeriod } from "./customerStatement";
import { type StatementCompany, statementPdf } from "./statementPdf";
import { statementXlsx } from "./statementXlsx";

const PDF_TYPE = "application/pdf";

/** The tenant as the statement names it: its name, and the CIF its SmartBill settings hold. */
async function statementCompany(db: Kysely<Database>, tenantId: number): Promise<StatementCompany> {
  const [tenant, settings] = await Promise.all([
    db.selectFrom("tenants").select("name").where("id", "=", tenantId).executeTakeFirst(),
    readTenantProperties(db, tenantId, SMARTBILL_SETTINGS.cif),
  ]);
  return { name: tenant?.name ?? "", cif: settings[SMARTBILL_SETTINGS.cif] ?? "" };
}

/** The customer's code, for the files' names. */
async function customerCode(db: Kysely<Database>, tenantId: number, customerId: number): Promise<string> {
  const row = await db.selectFrom("customers").select("codClient").where("tenantId", "=", tenantId).where("id", "=", customerId).executeTakeFirst();
  return row?.codClient ?? String(customerId);
}

const periodText = ({ dateFrom, dateTo }: StatementPeriod) => `${romanianDay(dateFrom)} – ${romanianDay(dateTo)}`;

export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const params = idParams("id");

  app.get("/:id/statement", { schema: { params, querystring: StatementQuery, response: { 200: StatementAnswer } } }, (request) =>
    customerStatement(app.db, request.tenantId, request.params.id, statementPeriod(request.query)),
  );

  for (const format of ["pdf", "xlsx"] as const) {
    app.get(`/:id/statement/${format}`, { schema: { params, querystring: StatementQuery } }, async (request, reply) => {
      const { tenantId } = request;
      const period = statementPeriod(request.query);
      const statement = await customerStatement(app.db, tenantId, request.params.id, period);
      const [company, code] = await Promise.all([statementCompany(app.db, tenantId), customerCode(app.db, tenantId, request.params.id)]);
      const file = format === "pdf" ? await statementPdf(statement, company) : await statementXlsx(statement, company);
      return reply
        .header("content-type", format === "pdf" ? PDF_TYPE : XLSX_TYPE)
        .header("content-disposition", attachment(statementMessages.fileName(code, period.dateFrom, period.dateTo, format)))
        .send(file);
    });
  }

  app.post(
    "/:id/statement/email",
    { config: { audit: "customers.statement" }, schema: { params, body: StatementEmailBody, response: { 200: MessageAnswer } } },
    async (request) => {
      const { tenantId } = request;
      const to = request.body.to.trim();
      // Another tenant's customer is not found before the address is looked at.
      const period = statementPeriod(request.body);
      const statement = await customerStatement(app.db, tenantId, request.params.id, period);
      if (!to) throw new HttpError(400, statementMessages.addressRequired, { to: statementMessages.addressRequired });
      if (!isEmailAddress(to)) {
        const message = statementMessages.addressInvalid(to);
        throw new HttpError(400, message, { to: message });
      }
      const [company, code] = await Promise.all([statementCompany(app.db, tenantId), customerCode(app.db, tenantId, request.params.id)]);
      const pdf = await statementPdf(statement, company);
      const customer = statement.customer.clientName;
      await app.mailer.send({
        recipient: to,
        subject: statementMessages.mail.subject(company.name, periodText(period)),
        body: statementMessages.mail.body(customer, company.name, periodText(period)),
        attachments: [{ filename: statementMessages.fileName(code, period.dateFrom, period.dateTo, "pdf"), content: pdf, contentType: PDF_TYPE }],
      });
      // The outbox row is written by the mailer with its own connection: the audit row follows it.
      await app.db.transaction().execute((trx) =>
        request.audit(trx, { target: statement.customer.id, targetLabel: customer, result: statementMessages.emailAudit(periodText(period), to) }),
      );
      return { message: statementMessages.emailed(customer, to) };
    },
  );
};
