/** The spec's business constants, named once (product-spec section 9). */

/** The access token is refreshed this long before it expires. */
export const TOKEN_REFRESH_LEAD_MS = 10_000;

/** Browser storage of the signed-in user. */
export const SESSION_STORAGE_KEY = "general";
export const SESSION_VERSION = 1;

/** Tenant 1 and user 1 can never be edited or deleted. */
export const PROTECTED_MAX_ID = 1;
export const SYSTEM_TENANT_ID = 1;

/** Anti-forgery: the server sets this cookie, same-origin calls echo it in the header. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const TENANT_HEADER = "X-Tenant-ID";

/** Invoice editing saves this long after the last change (src/invoices/autoSaver.ts). */
export const AUTO_SAVE_DELAY_MS = 1_000;

/** A customer's or an invoice client's country when the file or the form leaves it empty. */
export const DEFAULT_COUNTRY = "Romania";

/**
 * The spec's invoice defaults (section 9), but for `draft`: a new invoice is issued ('Emite
 * factura'), numbered and fiscal. A SmartBill draft is a deliberate choice: SmartBill's API cannot
 * number it afterwards, and a draft has no PDF, e-mail, payment or storno.
 */
export const INVOICE_DEFAULTS = {
  dueDays: 14,
  seriesName: "SBL",
  currency: "RON",
  language: "RO",
  precision: 2,
  draft: false,
  useStock: true,
  saveToDb: false,
} as const;
export const MIN_DUE_DAYS = 1;
/**
 * A year to pay: Romanian law gives companies 60 days, longer only by an agreement that is not
 * abusive; more than a year is a typing mistake, refused on import and on save.
 */
export const MAX_DUE_DAYS = 365;
/** SmartBill refuses a document with more lines (HTTP 410). */
export const MAX_INVOICE_LINES = 400;

/**
 * A new invoice line's defaults. The VAT percent is always the chosen tax's in the tenant's
 * SmartBill tax list; `taxPercentage` is only what 'Normala' is assumed to be while no list was
 * ever read (21: Romania's standard rate since August 2025; the spec's 19 no longer exists).
 * Quantity 1, and no price: a price is the clerk's to type (the spec's 0 was sent as such).
 */
export const INVOICE_LINE_DEFAULTS = {
  measuringUnitName: "buc",
  currency: "RON",
  taxName: "Normala",
  taxPercentage: 21,
  quantity: 1,
  price: null,
  saveToDb: false,
  service: false,
} as const;
/** @deprecated The client's old name for INVOICE_LINE_DEFAULTS; goes when the client is renamed. */
export const PRODUCT_LINE_DEFAULTS = INVOICE_LINE_DEFAULTS;

/** Responsive breakpoints in px (spec section 9). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/** Minimum length of a new password, checked by client and server. */
export const MIN_PASSWORD_LENGTH = 8;

