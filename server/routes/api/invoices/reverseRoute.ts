/**
 * POST /{id}/reverse ('Stornează'): SmartBill's storno of a sent invoice, exactly once
 * (reverseInvoice.ts), answered `{ message, invoice, storno }`: the original, now reversed, and
 * the storno, an invoice of ours linked both ways.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import { invoiceAlreadyReversed, invoiceMessages } from "../../../messages";
import { afterSend } from "./afterSend";
import { getInvoice } from "./invoices.repository";
import { checkReverseDate, checkReverseInput } from "./paymentInput";
import { ReverseAnswer, reverseBody } from "../../../../contract/schemas/invoicePayments";
import { madeStorno, reverseIssuedInvoice } from "./reverseInvoice";
import { invoiceIdParams } from "./schemas";

export const invoiceReverseRoute: FastifyPluginAsyncTypebox = async (app) => {
  const invoiceNow = async (tenantId: number, id: number) => {
    const invoice = await getInvoice(app.db, tenantId, id);
    if (!invoice) throw new HttpError(404, invoiceMessages.notFound);
    return invoice;
  };

  app.post(
    "/:id/reverse",
    { config: { audit: "invoices.reverse" }, schema: { params: invoiceIdParams, body: reverseBody, response: { 200: ReverseAnswer } } },
    async (request) => {
      const input = checkReverseInput(request.body);
      const id = request.params.id;
      // The same request, answered meanwhile (a retry, a double click): the storno it made, nothing new.
      const made = await madeStorno(app.db, request.tenantId, id, input.requestId);
      if (made !== undefined) {
        const storno = await invoiceNow(request.tenantId, made);
        return {
          message: invoiceAlreadyReversed(storno.sentSeries, storno.sentNumber),
          invoice: await invoiceNow(request.tenantId, id),
          storno,
        };
      }
      const done = await afterSend(app, request, id, "reverse", async (context) => {
        checkReverseDate(input, context.invoice, Date.now());
        return reverseIssuedInvoice({ db: app.db, request, ...context }, input);
      });
      return { message: done.message, invoice: await invoiceNow(request.tenantId, id), storno: await invoiceNow(request.tenantId, done.stornoId) };
    },
  );
};
