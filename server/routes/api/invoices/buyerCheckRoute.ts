/**
 * GET /{id}/buyer-check: what e-Factura would refuse of the invoice's customer
 * (buyerCheck.ts), for the screen to show before 'Trimite Factura'. Reads only: no audit row.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { BuyerCheckAnswer } from "../../../../contract/schemas/invoices";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { invoiceBuyerCheck, type LastKnownAnafState } from "./buyerCheck";
import { invoiceIdParams } from "./schemas";

export function invoiceBuyerCheckRoute(lastKnownAnafState: LastKnownAnafState): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get("/:id/buyer-check", { schema: { params: invoiceIdParams, response: { 200: BuyerCheckAnswer } } }, async (request) => {
      const check = await invoiceBuyerCheck(app.db, request.tenantId, request.params.id, lastKnownAnafState);
      if (!check) throw new HttpError(404, invoiceMessages.notFound);
      return check;
    });
  };
}
