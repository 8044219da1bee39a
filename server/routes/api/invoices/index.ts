/**
 * /api/smartbill/invoice: invoices imported from the import form and a workbook of their lines
 * ('SmartBill - Import Factură') or started from the form, their list, and their edit screen
 * (form and lines), for the invoicing role and the super-admin (role matrix row `invoices`).
 * Wiring only; the routes every kind of document shares (documentRoutes.ts, given the invoice
 * kind, documentKinds.ts), then an invoice's own:
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
 *   efacturaFileRoutes.ts GET /{id}/efactura/zip, GET /{id}/efactura/pdf (its archived signed e-Factura)
 *
 * Sending is send.ts, a plugin of its own at the same prefix.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { keptAnafState } from "./buyerCheck";
import { invoiceBuyerCheckRoute } from "./buyerCheckRoute";
import { invoiceEfacturaFileRoutes } from "./efacturaFileRoutes";
import { INVOICE_KIND } from "./documentKinds";
import { registerDocumentRoutes } from "./documentRoutes";
import { invoicePaymentRoutes } from "./paymentRoutes";
import { invoiceReverseRoute } from "./reverseRoute";
import { invoiceSendRoutes } from "./send";
import { taxRoutes } from "./taxes";
import { API_PREFIXES } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

const options = { kind: INVOICE_KIND };

export const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerDocumentRoutes(app, INVOICE_KIND);
  // An invoice's own: what e-Factura would refuse of its buyer, its payments, its storno.
  await app.register(invoiceBuyerCheckRoute(keptAnafState), options);
  await app.register(invoicePaymentRoutes, options);
  await app.register(invoiceReverseRoute, options);
  await app.register(invoiceEfacturaFileRoutes, options);
};

// The VAT rates answer at /smartbill/tax, beside the invoices they serve.
export default routeFolder({
  routes: [
    [taxRoutes, API_PREFIXES.taxes],
    [invoiceRoutes, API_PREFIXES.invoices],
    [async (app) => app.register(invoiceSendRoutes(keptAnafState), options), API_PREFIXES.invoices],
  ],
});
