/**
 * /api/smartbill/proforma: proformas ('Facturi proforma'), rows of the invoices' table with the
 * proforma kind (../invoices/documentKinds.ts). They share the invoices' routes, registered here
 * for the proforma kind: list, form, lines, paste, import, series (SmartBill type `p`), history,
 * PDF, e-mail (type `proforma`), cancel, restore, delete, and the send (to /estimate/v2, exactly
 * once), and 'Transformă în factură' (POST /{id}/invoice, ../invoices/proformaInvoiceRoute.ts: the
 * invoice SmartBill issues from the proforma, exactly once). Not an invoice's payments, storno or buyer's check: a proforma is no fiscal document.
 * A proforma's id on an invoice's route, or an invoice's here, is not found (404).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_PREFIXES } from "../../../../contract/paths";
import { keptAnafState } from "../invoices/buyerCheck";
import { PROFORMA_KIND } from "../invoices/documentKinds";
import { registerDocumentRoutes } from "../invoices/documentRoutes";
import { proformaInvoiceRoute } from "../invoices/proformaInvoiceRoute";
import { invoiceSendRoutes } from "../invoices/send";
import { routeFolder } from "../routeFolder";

export const proformaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerDocumentRoutes(app, PROFORMA_KIND);
  await app.register(proformaInvoiceRoute);
};

export default routeFolder({
  routes: [
    [proformaRoutes, API_PREFIXES.proformas],
    [async (app) => app.register(invoiceSendRoutes(keptAnafState), { kind: PROFORMA_KIND }), API_PREFIXES.proformas],
  ],
});
