/** GET /{id}/history: what was done with the invoice, oldest first (the screen's timeline). */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { HttpError } from "../../../errors";
import { listInvoiceEvents } from "./invoiceHistory";
import { InvoiceEventSchema } from "../../../../contract/schemas/invoices";
import { invoiceIdParams } from "./schemas";
import { type KindOptions, scopeOf } from "./documentKinds";

export const invoiceHistoryRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.get(
    "/:id/history",
    { schema: { params: invoiceIdParams, response: { 200: Type.Array(InvoiceEventSchema) } } },
    async (request) => {
      const events = await listInvoiceEvents(app.db, scopeOf(request, kind), request.params.id);
      if (!events) throw new HttpError(404, kind.words.notFound);
      return events;
    },
  );
};
