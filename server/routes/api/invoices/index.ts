/**
 * /api/smartbill/invoice: invoices imported from the import form and a workbook of their lines
 * ('SmartBill - Import Factură'), their list, and their edit screen (form and lines), for the
 * invoicing role and the super-admin (role matrix row `invoices`). Wiring only:
 *
 *   importRoute.ts   POST /import (multipart, in a scope of its own), GET /import/template
 *   seriesRoute.ts   GET /series (SmartBill's invoice series, for the form)
 *   formRoutes.ts    GET /, GET /{id}, PUT /{id}
 *   lineRoutes.ts    POST /{invoiceId}/line, PUT and DELETE /line/{id} (and the spec's /product URLs)
 *   pasteRoute.ts    POST /{invoiceId}/paste (a block pasted from a spreadsheet into the lines)
 *   historyRoute.ts  GET /{id}/history (invoiceHistory.ts: what was done with it, after the send too)
 *   buyerCheckRoute.ts GET /{id}/buyer-check (buyerCheck.ts: what e-Factura would refuse of its customer)
 *   pdfRoute.ts      GET /{id}/pdf (SmartBill's PDF of a sent invoice)
 *   emailRoutes.ts   GET and POST /{id}/email (e-mailing it through SmartBill)
 *   cancelRoutes.ts  POST /{id}/cancel, POST /{id}/restore
 *   deleteRoute.ts   DELETE /{id}/smartbill
 *   paymentRoutes.ts GET /payment-types, GET|POST /{id}/payments, DELETE /{id}/payments/{paymentId}, POST /{id}/payment-status
 *   reverseRoute.ts  POST /{id}/reverse (the storno)
 *
 * Sending is send.ts, a plugin of its own at the same prefix.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { restrictTo } from "../../../plugins/requireRole";
import { invoiceFormRoutes } from "./formRoutes";
import { keptAnafState } from "./buyerCheck";
import { invoiceBuyerCheckRoute } from "./buyerCheckRoute";
import { invoiceCancelRoutes } from "./cancelRoutes";
import { invoiceDeleteRoute } from "./deleteRoute";
import { invoiceEmailRoutes } from "./emailRoutes";
import { invoiceHistoryRoute } from "./historyRoute";
import { invoiceImportRoute } from "./importRoute";
import { invoiceLineRoutes } from "./lineRoutes";
import { invoicePasteRoute } from "./pasteRoute";
import { invoicePdfRoute } from "./pdfRoute";
import { invoicePaymentRoutes } from "./paymentRoutes";
import { invoiceReverseRoute } from "./reverseRoute";
import { invoiceSeriesRoute } from "./seriesRoute";
import { invoiceSendRoutes } from "./send";
import { taxRoutes } from "./taxes";
import { API_PREFIXES } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

export const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "invoices");
  await app.register(invoiceImportRoute);
  await app.register(invoiceSeriesRoute);
  await app.register(invoiceFormRoutes);
  await app.register(invoiceLineRoutes);
  await app.register(invoicePasteRoute);
  await app.register(invoiceHistoryRoute);
  await app.register(invoiceBuyerCheckRoute(keptAnafState));
  await app.register(invoicePdfRoute);
  await app.register(invoiceEmailRoutes);
  await app.register(invoiceCancelRoutes);
  await app.register(invoiceDeleteRoute);
  await app.register(invoicePaymentRoutes);
  await app.register(invoiceReverseRoute);
};

// The VAT rates answer at /smartbill/tax, beside the invoices they serve.
export default routeFolder({
  routes: [
    [taxRoutes, API_PREFIXES.taxes],
    [invoiceRoutes, API_PREFIXES.invoices],
    [invoiceSendRoutes(keptAnafState), API_PREFIXES.invoices],
  ],
});
