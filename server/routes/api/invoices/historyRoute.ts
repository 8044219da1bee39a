/** GET /{id}/history: what was done with the invoice, oldest first (the screen's timeline). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { listInvoiceEvents } from "./invoiceHistory";
import { InvoiceEventSchema } from "../../../../contract/schemas/invoices";
import { invoiceIdParams } from "./schemas";

export const invoiceHistoryRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/:id/history",
    { schema: { params: invoiceIdParams, response: { 200: Type.Array(InvoiceEventSchema) } } },
    async (request) => {
      const events = await listInvoiceEvents(app.db, request.tenantId, request.params.id);
      if (!events) throw new HttpError(404, invoiceMessages.notFound);
      return events;
    },
  );
};
