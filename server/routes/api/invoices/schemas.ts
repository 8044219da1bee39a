/**
 * Request shapes of the /api/smartbill/invoice routes. Strict: unknown fields are refused, and
 * numbers are not coerced from text. What JSON Schema cannot say (a blank series, a date that
 * does not exist, a client of another tenant) the routes check after trimming.
 */
import { Type } from "typebox";
import { INVOICE_STATUSES } from "../../../../contract/api";
import { TaxRateSchema } from "../../answers";
import { idParams } from "../params";
import { LINE_TEXT_MAX, MAX_AMOUNT } from "./lineRules";

/** SmartBill takes 2, 3 or 4 decimals (and silently caps more at 4): anything else is refused here. */
const MIN_PRECISION = 2;
const MAX_PRECISION = 4;
/** Ten years: a longer term is a typing mistake, and keeps the due date a sane date. */
const MAX_DUE_DAYS = 3650;
const MENTIONS_MAX_LENGTH = 5000;

const id = { type: "integer", minimum: 1, maximum: 2_147_483_647 } as const;
const nullableId = { type: ["integer", "null"], minimum: 1, maximum: 2_147_483_647 } as const;
const nullableText = (maxLength: number) => ({ type: ["string", "null"], maxLength }) as const;

/** The form's fields (contract/api.ts InvoiceForm); null means "the default" where one exists. */
const formProperties = {
  clientId: nullableId,
  warehouseId: nullableId,
  issueDate: { type: ["string", "null"], maxLength: 10 },
  dueDays: { type: ["integer", "null"], minimum: 1, maximum: MAX_DUE_DAYS },
  useStock: { type: ["boolean", "null"] },
  mentions: nullableText(MENTIONS_MAX_LENGTH),
  observations: nullableText(MENTIONS_MAX_LENGTH),
  draft: { type: ["boolean", "null"] },
  saveToDb: { type: ["boolean", "null"] },
  seriesName: nullableText(50),
  currency: nullableText(10),
  language: nullableText(10),
  precision: { type: ["integer", "null"], minimum: MIN_PRECISION, maximum: MAX_PRECISION },
} as const;

/** The import's `payload` (multipart field, JSON): every field may be missing (INVOICE_DEFAULTS). */
export const importPayloadSchema = {
  type: "object",
  additionalProperties: false,
  properties: formProperties,
} as const;

/**
 * PUT /{id}: the whole form and the version it was edited from. The invoice's read-only fields
 * (as GET answers them) are accepted and ignored, so a client may send back the record it
 * loaded with its changes (react-admin's update does); any other field is refused.
 */
export const invoiceUpdateSchema = {
  type: "object",
  additionalProperties: false,
  required: [
    "version",
    "clientId",
    "warehouseId",
    "issueDate",
    "dueDays",
    "useStock",
    "draft",
    "saveToDb",
    "seriesName",
    "currency",
    "language",
    "precision",
  ],
  properties: {
    ...formProperties,
    issueDate: { type: "string", maxLength: 10 },
    dueDays: { type: "integer", minimum: 1, maximum: MAX_DUE_DAYS },
    useStock: { type: "boolean" },
    draft: { type: "boolean" },
    saveToDb: { type: "boolean" },
    seriesName: { type: "string", maxLength: 50 },
    currency: { type: "string", maxLength: 10 },
    language: { type: "string", maxLength: 10 },
    precision: { type: "integer", minimum: MIN_PRECISION, maximum: MAX_PRECISION },
    version: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
    // Read-only, ignored (id must be the path's).
    id,
    dueDate: { type: ["string", "null"] },
    clientName: { type: ["string", "null"] },
    status: { type: "string", enum: INVOICE_STATUSES },
    sentSeries: { type: ["string", "null"] },
    sentNumber: { type: ["string", "null"] },
    errorText: { type: ["string", "null"] },
    sentAt: { type: ["string", "null"] },
    createdAt: { type: ["string", "null"] },
    updatedAt: { type: ["string", "null"] },
    products: { type: "array" },
  },
} as const;

const amount = { type: "number", minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT } as const;

/**
 * POST /{invoiceId}/line and PUT /line/{id} (and the spec's /product URLs): a line. name, code, quantity and price are
 * required (spec section 5); the rest may be missing or null and then gets its default.
 * `id` and `invoiceId` may come along (the client sends the line it shows) and must match the path.
 */
export const invoiceLineSchema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "code", "quantity", "price"],
  properties: {
    id,
    invoiceId: id,
    name: nullableText(LINE_TEXT_MAX.name),
    code: nullableText(LINE_TEXT_MAX.code),
    quantity: amount,
    price: amount,
    measuringUnitName: nullableText(LINE_TEXT_MAX.measuringUnitName),
    currency: nullableText(LINE_TEXT_MAX.currency),
    taxName: nullableText(LINE_TEXT_MAX.taxName),
    taxPercentage: { type: ["number", "null"], minimum: 0, maximum: 100 },
    saveToDb: { type: ["boolean", "null"] },
    service: { type: ["boolean", "null"] },
    warehouseName: nullableText(LINE_TEXT_MAX.warehouseName),
  },
} as const;

/** GET /api/smartbill/tax: SmartBill's list (`fromProvider`), or the standard rate alone when it cannot be read. */
export const TaxListAnswer = Type.Object({ taxes: Type.Array(TaxRateSchema), fromProvider: Type.Boolean() });

export const invoiceIdParams = idParams("id");
export const lineInvoiceParams = idParams("invoiceId");
export const lineIdParams = idParams("id");
