/**
 * GET /api/smartbill/tax: the VAT rates a product line may use, from the tenant's SmartBill tax
 * list (GET /tax), or the last one read when SmartBill cannot be asked (`source` 'saved', with its
 * `readAt`), or the spec's 'Normala' 19 % alone when none was ever read — the product dialog
 * offers these and preselects 'Normala'.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { restrictTo } from "../../../plugins/requireRole";
import { TaxListAnswer } from "../../../../contract/schemas/invoices";
import { readTaxes } from "./vatRates";

export const taxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "invoices");

  app.get("/", { schema: { response: { 200: TaxListAnswer } } }, async (request) => {
    const reading = await readTaxes(app.db, request.tenantId, app.smartBillUrls, request.log);
    if (reading === null || reading.taxes.length === 0) {
      const standard = { name: INVOICE_LINE_DEFAULTS.taxName, percentage: INVOICE_LINE_DEFAULTS.taxPercentage };
      return { taxes: [standard], fromProvider: false, source: "standard" as const, readAt: null };
    }
    const { taxes, source, readAt } = reading;
    return { taxes: taxes.map(({ name, percentage }) => ({ name, percentage })), fromProvider: true, source, readAt };
  });
};
