/**
 * GET /api/smartbill/tax: the VAT rates a product line may use, from the tenant's SmartBill tax
 * list (GET /tax), or the spec's 'Normala' 19 % alone when that list cannot be read — the product
 * dialog offers these and preselects 'Normala'. `fromProvider` says which.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { restrictTo } from "../../../plugins/requireRole";
import { TaxListAnswer } from "./schemas";
import { readTaxList } from "./vatRates";

export const taxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "invoices");

  app.get("/", { schema: { response: { 200: TaxListAnswer } } }, async (request) => {
    const taxes = await readTaxList(app.db, request.tenantId, app.smartBillUrls, request.log);
    if (taxes === null || taxes.length === 0) {
      return { taxes: [{ name: INVOICE_LINE_DEFAULTS.taxName, percentage: INVOICE_LINE_DEFAULTS.taxPercentage }], fromProvider: false };
    }
    return { taxes: taxes.map(({ name, percentage }) => ({ name, percentage })), fromProvider: true };
  });
};
