/**
 * Payments ('Încasări') of a sent invoice, through SmartBill (invoicePayments.ts: exactly once):
 *
 *   GET    /payment-types              SmartBill's payment types offered here
 *   GET    /{id}/payments              the payments recorded through us
 *   POST   /{id}/payments              records one (requestId: the same payment asked again is made once)
 *   DELETE /{id}/payments/{paymentId}  deletes one from SmartBill
 *   POST   /{id}/payment-status        SmartBill's payment status, read now
 *
 * The actions answer `{ message, invoice }` (the invoice as GET /{id} gives it); each is in the
 * invoice's history, and the changes in the audit log (afterSend.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { paymentStatusOf } from "../../../../contract/invoiceEvents";
import { HttpError } from "../../../errors";
import { paymentStatusRead } from "../../../messages";
import { afterSend } from "./afterSend";
import { getInvoice } from "./invoices.repository";
import { addInvoicePayment, deleteInvoicePayment, listInvoicePayments, recordedPaymentMessage } from "./invoicePayments";
import { checkPaymentDate, checkPaymentInput } from "./paymentInput";
import { InvoicePaymentSchema, PaymentActionAnswer, paymentBody } from "../../../../contract/schemas/invoicePayments";
import { INVOICE_PAYMENT_TYPES, paymentParams } from "./paymentSchemas";
import { storePaymentStatus } from "./paymentStatus";
import { invoiceIdParams } from "./schemas";
import { type KindOptions, scopeOf } from "./documentKinds";

export const invoicePaymentRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  const invoiceNow = async (request: FastifyRequest, id: number) => {
    const invoice = await getInvoice(app.db, scopeOf(request, kind), id);
    if (!invoice) throw new HttpError(404, kind.words.notFound);
    return invoice;
  };

  app.get("/payment-types", { schema: { response: { 200: Type.Array(Type.String()) } } }, async () => [...INVOICE_PAYMENT_TYPES]);

  app.get(
    "/:id/payments",
    { schema: { params: invoiceIdParams, response: { 200: Type.Array(InvoicePaymentSchema) } } },
    async (request) => {
      const payments = await listInvoicePayments(app.db, scopeOf(request, kind), request.params.id);
      if (!payments) throw new HttpError(404, kind.words.notFound);
      return payments;
    },
  );

  app.post(
    "/:id/payments",
    { config: { audit: "invoices.paymentAdd" }, schema: { params: invoiceIdParams, body: paymentBody, response: { 200: PaymentActionAnswer } } },
    async (request) => {
      const input = checkPaymentInput(request.body);
      const id = request.params.id;
      const again = await recordedPaymentMessage(app.db, scopeOf(request, kind), id, input.requestId);
      if (again) return { message: again, invoice: await invoiceNow(request, id) };
      const { message } = await afterSend(app, request, kind, id, "payment", async (context) => {
        checkPaymentDate(input, context.invoice, Date.now());
        return addInvoicePayment({ db: app.db, request, ...context }, input);
      });
      return { message, invoice: await invoiceNow(request, id) };
    },
  );

  app.delete(
    "/:id/payments/:paymentId",
    { config: { audit: "invoices.paymentDelete" }, schema: { params: paymentParams, response: { 200: PaymentActionAnswer } } },
    async (request) => {
      const { id, paymentId } = request.params;
      const { message } = await afterSend(app, request, kind, id, "paymentDelete", (context) =>
        deleteInvoicePayment({ db: app.db, request, ...context }, paymentId),
      );
      return { message, invoice: await invoiceNow(request, id) };
    },
  );

  app.post(
    "/:id/payment-status",
    // A read of SmartBill's state: it changes nothing there, and what it stores here is that reading.
    { config: { audit: false }, schema: { params: invoiceIdParams, response: { 200: PaymentActionAnswer } } },
    async (request) => {
      const id = request.params.id;
      const message = await afterSend(app, request, kind, id, "paymentStatus", async ({ invoice, client }) => {
        const status = await client.paymentStatus(invoice.ref);
        const { currency } = await invoiceNow(request, id);
        const total = status.invoiceTotalAmount;
        const paid = status.paidAmount;
        const text = paymentStatusRead(paymentStatusOf(total, paid), paid, total, currency);
        return {
          result: text,
          answer: text,
          detail: { total, paid },
          audit: false,
          write: (trx) => storePaymentStatus(trx, id, { total, paid }),
        };
      });
      return { message, invoice: await invoiceNow(request, id) };
    },
  );
};
