/**
 * POST /{id}/reverse ('Stornează'): SmartBill's storno of a sent invoice, exactly once
 * (reverseInvoice.ts), answered `{ message, invoice, storno }`: the original, now reversed, and
 * the storno, an invoice of ours linked both ways.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import type { FastifyRequest } from "fastify";
import { invoiceAlreadyReversed } from "../../../messages";
import { afterSend } from "./afterSend";
import { getInvoice } from "./invoices.repository";
import { checkReverseDate, checkReverseInput } from "./paymentInput";
import { ReverseAnswer, reverseBody } from "../../../../contract/schemas/invoicePayments";
import { madeStorno, reverseIssuedInvoice } from "./reverseInvoice";
import { invoiceIdParams } from "./schemas";
import { type KindOptions, scopeOf } from "./documentKinds";

export const invoiceReverseRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  const invoiceNow = async (request: FastifyRequest, id: number) => {
    const invoice = await getInvoice(app.db, scopeOf(request, kind), id);
    if (!invoice) throw new HttpError(404, kind.words.notFound);
    return invoice;
  };

  app.post(
    "/:id/reverse",
    { config: { audit: "invoices.reverse" }, schema: { params: invoiceIdParams, body: reverseBody, response: { 200: ReverseAnswer } } },
    async (request) => {
      const input = checkReverseInput(request.body);
      const id = request.params.id;
      // The same request, answered meanwhile (a retry, a double click): the storno it made, nothing new.
      const made = await madeStorno(app.db, scopeOf(request, kind), id, input.requestId);
      if (made !== undefined) {
        const storno = await invoiceNow(request, made);
        return {
          message: invoiceAlreadyReversed(storno.sentSeries, storno.sentNumber),
          invoice: await invoiceNow(request, id),
          storno,
        };
      }
      const done = await afterSend(app, request, kind, id, "reverse", async (context) => {
        checkReverseDate(input, context.invoice, Date.now());
        return reverseIssuedInvoice({ db: app.db, request, ...context }, input);
      });
      return { message: done.message, invoice: await invoiceNow(request, id), storno: await invoiceNow(request, done.stornoId) };
    },
  );
};
