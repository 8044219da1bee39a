/**
 * The routes every kind of document has (documentKinds.ts), registered for one kind at its
 * prefix: an invoice's (index.ts) and a proforma's (../proformas/index.ts) are the same plugins,
 * each given its kind. What only invoices have (payments, storno, the buyer's check) is added by
 * the invoices' folder.
 */
import type { FastifyInstance } from "fastify";
import { restrictTo } from "../../../plugins/requireRole";
import { invoiceCancelRoutes } from "./cancelRoutes";
import { invoiceCreateRoute } from "./createRoute";
import { invoiceDeleteRoute } from "./deleteRoute";
import { invoiceDuplicateRoute } from "./duplicateRoute";
import type { DocumentKind } from "./documentKinds";
import { invoiceEmailRoutes } from "./emailRoutes";
import { invoiceFormRoutes } from "./formRoutes";
import { invoiceHistoryRoute } from "./historyRoute";
import { invoiceImportRoute } from "./importRoute";
import { invoiceLineRoutes } from "./lineRoutes";
import { invoicePasteRoute } from "./pasteRoute";
import { invoicePdfRoute } from "./pdfRoute";
import { invoiceSeriesRoute } from "./seriesRoute";

/** The kind's role check for every route of `app`, and the routes every kind shares. */
export async function registerDocumentRoutes(app: FastifyInstance, kind: DocumentKind): Promise<void> {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, kind.resource);
  const options = { kind };
  await app.register(invoiceImportRoute, options);
  await app.register(invoiceSeriesRoute, options);
  await app.register(invoiceFormRoutes, options);
  await app.register(invoiceCreateRoute, options);
  await app.register(invoiceDuplicateRoute, options);
  await app.register(invoiceLineRoutes, options);
  await app.register(invoicePasteRoute, options);
  await app.register(invoiceHistoryRoute, options);
  await app.register(invoicePdfRoute, options);
  await app.register(invoiceEmailRoutes, options);
  await app.register(invoiceCancelRoutes, options);
  await app.register(invoiceDeleteRoute, options);
}
