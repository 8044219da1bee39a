/**
 * A line as the lines dialog sends it (POST /{invoiceId}/line, PUT /line/{id}), cleaned up by the
 * same rules as a sheet's row (lineRules.ts): text trimmed with inner white space collapsed,
 * blanks defaulted from the invoice, amounts rounded, a quantity above zero, and the VAT percent
 * that of the line's tax in SmartBill's list (a stale one sent is corrected: the tax is the
 * choice). The list is the one kept from the last read (the dialog reads it when it opens), so a
 * save costs no SmartBill call. 400 with every problem.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { InvoiceLineInput } from "../../../../contract/api";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { findWarehouse } from "../warehouses/warehouses.repository";
import type { InvoiceState } from "./invoices.repository";
import { cleanQuantity, completeTax, type PendingLine, quantityProblem, roundPrice } from "./lineRules";
import type { LineBody } from "../../../../contract/schemas/invoices";
import { knownTaxList } from "./vatRates";

export async function checkLineInput(
  app: FastifyInstance,
  request: FastifyRequest,
  body: LineBody,
  invoice: InvoiceState,
): Promise<InvoiceLineInput> {
  const errors: Record<string, string> = {};
  const text = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  const name = text(body.name);
  const code = text(body.code);
  if (!name) errors.name = invoiceMessages.lineNameRequired;
  if (!code) errors.code = invoiceMessages.lineCodeRequired;
  const quantity = cleanQuantity(body.quantity);
  const badQuantity = quantityProblem(quantity);
  if (badQuantity) errors.quantity = badQuantity;
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
  const warehouseName =
    text(body.warehouseName) ||
    (invoice.warehouseId === null ? "" : ((await findWarehouse(app.db, request.tenantId, invoice.warehouseId))?.warehouseName ?? ""));
  const pending: PendingLine = {
    name,
    code,
    quantity,
    price: roundPrice(body.price),
    measuringUnitName: text(body.measuringUnitName) || INVOICE_LINE_DEFAULTS.measuringUnitName,
    currency: (text(body.currency) || invoice.currency).toUpperCase(),
    taxName: text(body.taxName) || undefined,
    taxPercentage: body.taxPercentage ?? undefined,
    saveToDb: body.saveToDb ?? invoice.saveToDb,
    service: body.service ?? INVOICE_LINE_DEFAULTS.service,
    warehouseName,
  };
  const taxes = await knownTaxList(app.db, request.tenantId, app.smartBillUrls, request.log);
  const complete = completeTax(pending, taxes);
  if (!complete.ok) throw new HttpError(400, complete.reason, { taxPercentage: complete.reason });
  return complete.line;
}
