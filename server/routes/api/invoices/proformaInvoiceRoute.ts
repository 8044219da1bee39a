/**
 * POST /{id}/invoice at the proformas' prefix ('Transformă în factură'): the invoice SmartBill
 * issues from the sent proforma, exactly once (proformaInvoice.ts), answered
 * `{ proforma, invoice, importResult }`: the proforma now (invoiceId, invoicedAs), its invoice
 * (proformaId) and SmartBill's answer (errorText filled: refused, the invoice `refused`).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { isSeriesName } from "../../../../contract/seriesName";
import { ProformaInvoiceAnswer, proformaInvoiceBody } from "../../../../contract/schemas/proformaInvoice";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { issueDateWindow } from "./invoiceDates";
import { invoiceFromProforma } from "./proformaInvoice";
import { invoiceIdParams } from "./schemas";

export const proformaInvoiceRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/:id/invoice",
    {
      config: { audit: "proformas.invoice" },
      schema: { params: invoiceIdParams, body: proformaInvoiceBody, response: { 200: ProformaInvoiceAnswer } },
    },
    async (request) => {
      const seriesName = request.body.seriesName?.trim() || undefined;
      if (seriesName !== undefined && !isSeriesName(seriesName)) {
        throw new HttpError(400, invoiceMessages.seriesInvalid, { seriesName: invoiceMessages.seriesInvalid });
      }
      const context = { db: app.db, request, smartBillUrls: app.smartBillUrls, issueDates: issueDateWindow(app.config, Date.now()) };
      return invoiceFromProforma(context, request.params.id, seriesName);
    },
  );
};
