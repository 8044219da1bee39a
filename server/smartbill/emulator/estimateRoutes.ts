/**
 * SmartBill's routes for a proforma after its issue (§4.1, §10.b): its PDF, which invoices came
 * from it, cancel, restore and delete. They run behind api.ts's hooks (log, limiter, auth,
 * Accept, faults, delays), and each one that changes the state can lose its answer after the
 * change (the after-store faults), as an invoice's. Unlike the invoice's PDF, the proforma's
 * refuses in JSON (400), not with nginx's page.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pdfContentType } from "./afterSendRoutes";
import { envelope, queryParam } from "./answers";
import type { InvoiceActionOutcome, InvoiceQuery } from "./cancelInvoice";
import { cancelEstimate, checkEstimateQuery, deleteEstimate, estimateInvoices, restoreEstimate } from "./estimates";
import type { EmulatorCompany } from "./model";
import { invoicePdf, pdfFileName } from "./pdf";
import type { EmulatorRuntime } from "./runtime";

export interface EstimateRouteHelpers {
  runtime: EmulatorRuntime;
  /** The company, or undefined after SmartBill's 401 was sent. */
  companyFor(request: FastifyRequest, reply: FastifyReply, cif: string): EmulatorCompany | undefined;
  /** True when an after-store fault took the reply (dropped or left hanging). */
  dropsAfterStore(request: FastifyRequest, reply: FastifyReply): boolean;
}

export function estimateRoutes(api: FastifyInstance, helpers: EstimateRouteHelpers): void {
  const { runtime, companyFor, dropsAfterStore } = helpers;
  const estimateQuery = (request: FastifyRequest): InvoiceQuery => ({
    series: queryParam(request, "seriesname"),
    number: queryParam(request, "number"),
  });

  api.get("/estimate/pdf", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const found = checkEstimateQuery(company, estimateQuery(request));
    if (!found.ok) return reply.code(400).send(envelope({ errorText: found.errorText }));
    const pdf = await invoicePdf(company, found.estimate, "estimate");
    if (dropsAfterStore(request, reply)) return reply;
    return reply
      .header("content-type", pdfContentType(request.headers.accept))
      .header("content-disposition", `attachment; filename=${pdfFileName(found.estimate)}`)
      .send(Buffer.from(pdf));
  });

  api.get("/estimate/invoices", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const outcome = estimateInvoices(company, estimateQuery(request));
    if (!outcome.ok) {
      const { status, errorText, areInvoicesCreated } = outcome;
      const extra = areInvoicesCreated === false ? { areInvoicesCreated, invoices: [] } : {};
      return reply.code(status).send(envelope({ errorText, ...extra }));
    }
    return envelope({ areInvoicesCreated: true, invoices: outcome.invoices });
  });

  const estimateAction =
    (action: (company: EmulatorCompany, query: InvoiceQuery) => InvoiceActionOutcome) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const company = companyFor(request, reply, queryParam(request, "cif"));
      if (!company) return reply;
      const outcome = action(company, estimateQuery(request));
      if (!outcome.ok) {
        return reply
          .code(outcome.status ?? runtime.settings.validationStatus)
          .send(envelope({ errorText: outcome.errorText }));
      }
      if (dropsAfterStore(request, reply)) return reply;
      return envelope({ message: outcome.message });
    };
  api.put("/estimate/cancel", estimateAction(cancelEstimate));
  api.put("/estimate/restore", estimateAction(restoreEstimate));
  api.delete("/estimate", estimateAction(deleteEstimate));
}
