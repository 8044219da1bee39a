/**
 * The invoice form (contract/api.ts InvoiceForm) as the import and the edit screen send it,
 * trimmed, defaulted and checked: what JSON Schema cannot say (a blank series or one SmartBill
 * could not have, a date that does not exist, a client or warehouse of another tenant). Every
 * problem is answered at once (400).
 */
import type { Kysely } from "kysely";
import type { InvoiceForm } from "../../../../contract/api";
import { INVOICE_DEFAULTS } from "../../../../contract/constants";
import { isSeriesName } from "../../../../contract/seriesName";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { invoiceMessages } from "../../../messages";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { findWarehouse } from "../warehouses/warehouses.repository";
import { type DateWindow, inWindow } from "./invoiceDates";
import { customerExists } from "./invoices.repository";
import type { FormBody } from "../../../../contract/schemas/invoices";

/**
 * On import a missing, null or blank field takes the spec's default (issue date: today in
 * Romania); on update the schema requires every field and a blank series, currency or
 * language is refused. The issue date must be within `issueDates` (invoiceDates.ts), on every
 * save: an invoice kept as a draft for long must have its date corrected before anything else.
 */
export function checkForm(body: FormBody, mode: "import" | "update", issueDates: DateWindow): InvoiceForm {
  const errors: Record<string, string> = {};
  const text = (value: string | null | undefined) => (value ?? "").trim();
  const required = (field: "seriesName" | "currency" | "language", message: string) => {
    const value = text(body[field]);
    if (value) return value;
    if (mode === "import") return INVOICE_DEFAULTS[field];
    errors[field] = message;
    return "";
  };
  // A series as SmartBill names them (contract/seriesName.ts); a blank one is refused above.
  const seriesName = (value: string) => {
    if (value && !isSeriesName(value)) errors.seriesName = invoiceMessages.seriesInvalid;
    return value;
  };
  const issueDate = text(body.issueDate) || (mode === "import" ? romanianDate(Date.now()) : "");
  if (!isCalendarDate(issueDate)) errors.issueDate = invoiceMessages.issueDateInvalid;
  else if (!inWindow(issueDate, issueDates)) errors.issueDate = invoiceMessages.issueDateOutside(issueDates.from, issueDates.to);
  const form: InvoiceForm = {
    clientId: body.clientId ?? null,
    warehouseId: body.warehouseId ?? null,
    issueDate,
    dueDays: body.dueDays ?? INVOICE_DEFAULTS.dueDays,
    useStock: body.useStock ?? INVOICE_DEFAULTS.useStock,
    mentions: text(body.mentions),
    observations: text(body.observations),
    draft: body.draft ?? INVOICE_DEFAULTS.draft,
    saveToDb: body.saveToDb ?? INVOICE_DEFAULTS.saveToDb,
    seriesName: seriesName(required("seriesName", invoiceMessages.seriesRequired)),
    currency: required("currency", invoiceMessages.currencyRequired).toUpperCase(),
    language: required("language", invoiceMessages.languageRequired).toUpperCase(),
    precision: body.precision ?? INVOICE_DEFAULTS.precision,
  };
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
  return form;
}

/** yyyy-mm-dd naming a day that exists. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The client and the warehouse must be the tenant's; answers the warehouse's name ('' without one). */
export async function checkReferences(db: Kysely<Database>, tenantId: number, form: InvoiceForm): Promise<string> {
  const errors: Record<string, string> = {};
  if (form.clientId !== null && !(await customerExists(db, tenantId, form.clientId))) errors.clientId = invoiceMessages.clientUnknown;
  let warehouseName = "";
  if (form.warehouseId !== null) {
    const name = (await findWarehouse(db, tenantId, form.warehouseId))?.warehouseName;
    if (name === undefined) errors.warehouseId = invoiceMessages.warehouseUnknown;
    else warehouseName = name;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors).join(" "), errors);
  return warehouseName;
}
