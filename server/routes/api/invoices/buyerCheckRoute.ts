/**
 * GET /{id}/buyer-check: what e-Factura would refuse of the invoice's customer
 * (buyerCheck.ts), for the screen to show before 'Trimite Factura'. Reads only: no audit row.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BuyerCheckAnswer } from "../../../../contract/schemas/invoices";
import { HttpError } from "../../../errors";
import { invoiceBuyerCheck, type LastKnownAnafState } from "./buyerCheck";
import { invoiceIdParams } from "./schemas";
import { type KindOptions, scopeOf } from "./documentKinds";

export function invoiceBuyerCheckRoute(lastKnownAnafState: LastKnownAnafState): FastifyPluginAsyncTypebox<KindOptions> {
  return async (app, { kind }) => {
    app.get("/:id/buyer-check", { schema: { params: invoiceIdParams, response: { 200: BuyerCheckAnswer } } }, async (request) => {
      const check = await invoiceBuyerCheck(app.db, scopeOf(request, kind), request.params.id, lastKnownAnafState);
      if (!check) throw new HttpError(404, kind.words.notFound);
      return check;
    });
  };
}
