/**
 * 'Trimite pe e-mail' a sent invoice (invoiceEmail.ts):
 *
 *   GET  /{id}/email   the form, prefilled {to, cc, subject, body}
 *   POST /{id}/email   {to, cc?, subject, body} → POST /document/send (SmartBill attaches the PDF) → {message}
 *
 * The form is checked before SmartBill is asked: a bad address is refused here, nothing is sent.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { invoiceActionMessages } from "../../../messages";
import { MessageAnswer } from "../../../../contract/schemas/answers";
import { invoiceName } from "./actionAnswer";
import { invoiceEmailBody, InvoiceEmailFormSchema } from "../../../../contract/schemas/invoiceActions";
import { afterSend, findIssuedInvoice } from "./afterSend";
import { checkEmailForm, prefilledEmail } from "./invoiceEmail";
import { invoiceIdParams } from "./schemas";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";

export const invoiceEmailRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.get("/:id/email", { schema: { params: invoiceIdParams, response: { 200: InvoiceEmailFormSchema } } }, async (request) => {
    const invoice = await findIssuedInvoice(app.db, scopeOf(request, kind), request.params.id);
    return prefilledEmail(app.db, invoice);
  });

  app.post(
    "/:id/email",
    { config: { audit: auditOf(kind, "email") }, schema: { params: invoiceIdParams, body: invoiceEmailBody, response: { 200: MessageAnswer } } },
    async (request) => {
      const form = checkEmailForm(request.body);
      return afterSend(app, request, kind, request.params.id, "email", async ({ invoice, client }) => {
        const answer = await client.sendDocument({
          seriesName: invoice.ref.seriesName,
          number: invoice.ref.number,
          type: kind.smartBill.emailType,
          to: form.to,
          ...(form.cc ? { cc: form.cc } : {}),
          subject: form.subject,
          bodyText: form.body,
        });
        return {
          result: { message: kind.words.emailed(invoiceName(invoice), form.to.replaceAll(",", ", ")) },
          answer,
          detail: { to: form.to, cc: form.cc, subject: form.subject },
          audit: { result: invoiceActionMessages.emailRecipients(form.to, form.cc) },
        };
      });
    },
  );
};
