/**
 * SmartBill's routes for an invoice after it was issued (§4.1, §4.2): its PDF, cancel and
 * restore, storno, delete, payments and their status, and e-mailing it. They run behind
 * api.ts's hooks (log, limiter, auth, Accept, faults, delays); each one that changes the state
 * can be made to lose its answer after the change (the after-store faults).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { documentLinks, envelope, isJsonContentType, NGINX_502, queryParam, requestError, tomcatPage } from "./answers";
import { cancelInvoice, type InvoiceActionOutcome, type InvoiceQuery, restoreInvoice } from "./cancelInvoice";
import { deleteInvoice } from "./deleteInvoice";
import { sendDocument } from "./documentSend";
import { findInvoice } from "./documentRef";
import type { EmulatorCompany } from "./model";
import { addPayment, deletePayment, deleteReceipt, fiscalReceiptText } from "./payments";
import { invoicePdf, pdfFileName } from "./pdf";
import {
  checkDocumentSendShape,
  checkPaymentShape,
  checkReverseShape,
  isObject,
  type MappingError,
  toBoolean,
  toText,
} from "./requestShape";
import { reverseInvoice } from "./reverseInvoice";
import type { EmulatorRuntime } from "./runtime";
import { texts } from "./texts";

export interface AfterSendHelpers {
  runtime: EmulatorRuntime;
  prefix: string;
  apiPath(request: FastifyRequest): string;
  /** The company, or undefined after SmartBill's 401 was sent. */
  companyFor(request: FastifyRequest, reply: FastifyReply, cif: string): EmulatorCompany | undefined;
  /** True when an after-store fault took the reply (dropped or left hanging). */
  dropsAfterStore(request: FastifyRequest, reply: FastifyReply): boolean;
  unsupportedMediaType(reply: FastifyReply, path: string, request: FastifyRequest): FastifyReply;
}

/**
 * The Content-Type of a PDF answer, which mirrors Accept (SPEC26): octet-stream, JSON (sic), or
 * octet-stream for any or none. Undefined for an Accept SmartBill answers 406, application/pdf
 * among them.
 */
export function pdfContentType(accept: string | undefined): string | undefined {
  if (!accept || !accept.trim()) return "application/octet-stream";
  const ranges = accept
    .split(",")
    .map((range) => range.trim().toLowerCase().split(";"))
    .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type.trim());
  if (ranges.includes("application/pdf")) return undefined;
  for (const type of ranges) {
    if (type === "application/octet-stream" || type === "application/json") return type;
    if (type === "*/*" || type === "application/*") return "application/octet-stream";
  }
  return undefined;
}

export function afterSendRoutes(api: FastifyInstance, helpers: AfterSendHelpers): void {
  const { runtime, prefix, apiPath, companyFor, dropsAfterStore } = helpers;
  const invoiceQuery = (request: FastifyRequest): InvoiceQuery => ({
    series: queryParam(request, "seriesname"),
    number: queryParam(request, "number"),
  });

  /** The JSON body, or undefined after SmartBill's 415 / invalid_request_error was sent. */
  function jsonBody(
    request: FastifyRequest,
    reply: FastifyReply,
    check: (body: Record<string, unknown>) => MappingError | undefined,
  ): Record<string, unknown> | undefined {
    const path = apiPath(request);
    if (!isJsonContentType(request.headers["content-type"])) {
      helpers.unsupportedMediaType(reply, path, request);
      return undefined;
    }
    const body = request.body;
    if (!isObject(body)) {
      reply.code(400).send(requestError(400, path, "json_parse_error", "Error parsing JSON request input."));
      return undefined;
    }
    const shapeError = check(body);
    if (!shapeError) return body;
    if (runtime.settings.unknownField === "html500") {
      reply.code(500).type("text/html;charset=utf-8").send(tomcatPage(500, "Internal Server Error"));
    } else {
      reply.code(400).send(requestError(400, path, shapeError.code, shapeError.message, shapeError.param));
    }
    return undefined;
  }

  api.get("/invoice/pdf", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const { series, number } = invoiceQuery(request);
    const invoice = findInvoice(company, series, number);
    // SmartBill's PDF errors come from its proxy: an nginx page, no JSON (SPEC26).
    if (!invoice) return reply.code(502).type("text/html").send(NGINX_502);
    const pdf = await invoicePdf(company, invoice);
    if (dropsAfterStore(request, reply)) return reply;
    return reply
      .header("content-type", pdfContentType(request.headers.accept))
      .header("content-disposition", `attachment; filename=${pdfFileName(invoice)}`)
      .send(Buffer.from(pdf));
  });

  const invoiceAction =
    (action: (company: EmulatorCompany, query: InvoiceQuery) => InvoiceActionOutcome) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const company = companyFor(request, reply, queryParam(request, "cif"));
      if (!company) return reply;
      const outcome = action(company, invoiceQuery(request));
      if (!outcome.ok) {
        return reply.code(outcome.status ?? runtime.settings.validationStatus).send(envelope({ errorText: outcome.errorText }));
      }
      if (dropsAfterStore(request, reply)) return reply;
      return envelope({ message: outcome.message });
    };
  api.put("/invoice/cancel", invoiceAction(cancelInvoice));
  api.put("/invoice/restore", invoiceAction(restoreInvoice));
  api.delete("/invoice", invoiceAction(deleteInvoice));

  /** The body's company (companyVatCode), or undefined after the refusal was sent. */
  function bodyCompany(request: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
    const cif = toText(body.companyVatCode);
    if (!cif) {
      reply.code(runtime.settings.validationStatus).send(envelope({ errorText: texts.companyVatCodeRequired }));
      return undefined;
    }
    return companyFor(request, reply, cif);
  }

  api.post("/invoice/reverse", async (request, reply) => {
    const body = jsonBody(request, reply, checkReverseShape);
    if (!body) return reply;
    const company = bodyCompany(request, reply, body);
    if (!company) return reply;
    const outcome = reverseInvoice(company, body, Date.now());
    if (!outcome.ok) {
      return reply.code(runtime.settings.validationStatus).send(envelope({ errorText: outcome.errorText }));
    }
    runtime.issued.announce({ cif: company.cif, companyName: company.name, invoice: outcome.storno });
    if (dropsAfterStore(request, reply)) return reply;
    const { storno } = outcome;
    const origin = `${request.protocol}://${request.host}${prefix}`;
    return { ...envelope({ number: storno.number, series: storno.series }), ...documentLinks(origin, storno.documentId) };
  });

  api.post("/payment", async (request, reply) => {
    const body = jsonBody(request, reply, checkPaymentShape);
    if (!body) return reply;
    const company = bodyCompany(request, reply, body);
    if (!company) return reply;
    const outcome = addPayment(company, body, Date.now());
    if (!outcome.ok) {
      return reply
        .code(outcome.status ?? runtime.settings.validationStatus)
        .send(envelope({ errorText: outcome.errorText }));
    }
    if (dropsAfterStore(request, reply)) return reply;
    const { payment } = outcome;
    if (payment.type === "Bon") {
      // SPEC26's Bon answer: no series or url; the register's text only when asked for.
      const printerText = toBoolean(body.returnFiscalPrinterText) ? { message: payment.printerText ?? "" } : {};
      return { errorText: "", id: String(payment.id), number: payment.number ?? "", ...printerText };
    }
    return envelope({ number: payment.number ?? "", series: payment.series ?? "" });
  });

  api.get("/payment/text", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const text = fiscalReceiptText(company, queryParam(request, "id"));
    // An id that names no fiscal receipt: Tomcat's 500 page, no JSON (SPEC26).
    if (text === undefined) {
      return reply.code(500).type("text/html;charset=utf-8").send(tomcatPage(500, "Internal Server Error"));
    }
    return { errorText: "", message: text };
  });

  api.delete("/payment/v2", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const outcome = deletePayment(company, {
      paymentType: queryParam(request, "paymentType"),
      invoiceSeries: queryParam(request, "invoiceSeries"),
      invoiceNumber: queryParam(request, "invoiceNumber"),
      paymentDate: queryParam(request, "paymentDate"),
      paymentValue: queryParam(request, "paymentValue"),
      clientName: queryParam(request, "clientName"),
      clientCif: queryParam(request, "clientCif"),
    });
    if (!outcome.ok) {
      return reply.code(runtime.settings.validationStatus).send(envelope({ errorText: outcome.errorText }));
    }
    if (dropsAfterStore(request, reply)) return reply;
    return envelope({ message: outcome.message });
  });

  api.delete("/payment/chitanta", async (request, reply) => {
    const company = companyFor(request, reply, queryParam(request, "cif"));
    if (!company) return reply;
    const { series, number } = invoiceQuery(request);
    const outcome = deleteReceipt(company, series, number);
    if (!outcome.ok) {
      return reply.code(outcome.status ?? runtime.settings.validationStatus).send(envelope({ errorText: outcome.errorText }));
    }
    if (dropsAfterStore(request, reply)) return reply;
    return envelope({ message: outcome.message });
  });

  api.post("/document/send", async (request, reply) => {
    const body = jsonBody(request, reply, checkDocumentSendShape);
    if (!body) return reply;
    // Auth and company errors keep the classic 401 body here too (SPEC26).
    const company = companyFor(request, reply, toText(body.companyVatCode));
    if (!company) return reply;
    const outcome = sendDocument(company, body, Date.now());
    if (!outcome.ok) return reply.code(400).send({ status: { code: 1, message: outcome.message } });
    runtime.outbox.push(outcome.mail);
    if (dropsAfterStore(request, reply)) return reply;
    return { status: { code: 0, message: texts.documentSent } };
  });
}
