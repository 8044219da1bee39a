/**
 * Payloads of the API as both sides see them (product-spec section 7). Where a route declares a
 * shape in its schema, the type here is derived from it (`Static<typeof …>`), so a field is
 * declared once. Those schemas live in contract/schemas/<area>.ts (TypeBox), which the routes
 * import; a route keeps in its own folder only what the client never names (path parameters,
 * querystrings made from its list spec). The imports here are types only: the client imports this
 * file's values and types without loading TypeBox (test/server/layers.test.ts checks it, and that
 * contract/ imports nothing from server/ or src/).
 */
import type { Static } from "typebox";
import type { RoleName } from "./roles";
import type { AuditEntrySchema } from "./schemas/audit";
import type { MessageAnswer, TaxRateSchema, TenantRefSchema } from "./schemas/answers";
import type {
  CustomerAnafCheckAnswer,
  CustomerAnafCheckOffer,
  CustomerAnafCheckStarted,
  CustomerAnafStateSchema,
  CustomerFieldsSchema,
  CustomerImportAnswer,
  CustomerRecordSchema,
  CustomerSchema,
  RejectedRowSchema,
} from "./schemas/customers";
import type {
  ContactDetailsAnswer,
  contactBody,
  LoginAnswer,
  loginBody,
  logoutBody,
  passwordTokenBody,
  PasswordTokenCheckAnswer,
  passwordTokenCheckBody,
  recoverBody,
  refreshBody,
} from "./schemas/dmz";
import type { FirstStepsSchema } from "./schemas/firstSteps";
import type { InvoiceActionAnswer, invoiceEmailBody, InvoiceEmailFormSchema } from "./schemas/invoiceActions";
import type {
  InvoicePaymentSchema,
  PaymentActionAnswer,
  paymentBody,
  ReverseAnswer,
  reverseBody,
} from "./schemas/invoicePayments";
import type {
  BuyerCheckAnswer,
  invoiceSendBody,
  InvoiceEventSchema,
  InvoiceFormSchema,
  InvoiceImportAnswer,
  InvoiceLineInputSchema,
  InvoiceLineSchema,
  InvoiceSchema,
  InvoiceSendAnswer,
  InvoiceSeriesAnswer,
  PastedLinesAnswer,
  PastedLinesBody,
  RejectedLineSchema,
  SmartBillImportResultSchema,
  TaxListAnswer,
} from "./schemas/invoices";
import type { MeAnswer } from "./schemas/me";
import type { productBody } from "./schemas/products";
import type { PropertySchema } from "./schemas/properties";
import type {
  ConnectionInputSchema,
  ConnectionSchema,
  ConnectionStatusAnswer,
  ConnectionTestAnswer,
} from "./schemas/smartbillConnection";
import type { StockImportAnswer, StockItemSchema, StockPageSchema } from "./schemas/stock";
import type { TaskSchema } from "./schemas/tasks";
import type { TenantSchema } from "./schemas/tenants";
import type {
  changePasswordBody,
  GenerateSetUrlAnswer,
  generateSetUrlBody,
  RoleListSchema,
  roleAssignmentBody,
  UserSchema,
} from "./schemas/users";
import type { SmartBillWarehousesAnswer, WarehouseSavedAnswer, WarehouseSchema } from "./schemas/warehouses";

// The lists both sides name values of; in files of their own, free of TypeBox, so the schemas can
// use them and the client can import them without the schemas.
export { CUSTOMER_COLUMNS, type CustomerColumn } from "./customerColumns";
export { INVOICE_STATUSES, type InvoiceStatus } from "./invoiceStatuses";
export { TASK_STATUSES, type TaskStatus } from "./taskStatuses";
export { WAREHOUSE_TYPES, type WarehouseType } from "./warehouseTypes";

export type TenantRef = Static<typeof TenantRefSchema>;

/** Every error answer: a message to show, and optionally one per field. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

export type MessageResponse = Static<typeof MessageAnswer>;

export type LoginRequest = Static<typeof loginBody>;
export type LoginResponse = Static<typeof LoginAnswer>;
export type RefreshRequest = Static<typeof refreshBody>;
/** Body of POST /dmz-api/logout. */
export type LogoutRequest = Static<typeof logoutBody>;
/** Body of POST /dmz-api/set and /dmz-api/reset. */
export type PasswordTokenRequest = Static<typeof passwordTokenBody>;
export type RecoverRequest = Static<typeof recoverBody>;
/** POST /dmz-api/password-token/check: whether a set/reset link still works, consuming nothing. */
export type PasswordTokenCheckRequest = Static<typeof passwordTokenCheckBody>;
export type PasswordTokenCheckResponse = Static<typeof PasswordTokenCheckAnswer>;
/** POST /dmz-api/contact: a visitor's message to the operator. */
export type ContactRequest = Static<typeof contactBody>;
/** GET /dmz-api/contact: the operator's contact details (null: not configured). */
export type ContactDetails = Static<typeof ContactDetailsAnswer>;

export type ChangePasswordRequest = Static<typeof changePasswordBody>;

/** GET /api/me */
export type MeResponse = Static<typeof MeAnswer>;

/** The access token's payload. */
export interface AccessTokenClaims {
  /** user id, as a string (JWT convention) */
  sub: string;
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
  /** the login (refresh-token family) this token belongs to */
  sid: string;
  exp: number;
  iat: number;
}

/* ---------- Administration ---------- */

/** Optional list parameters: with `page` and `size` a list answers a `Page` instead of an array. */
export interface ListParams {
  /** 0-based */
  page?: number;
  size?: number;
  /** `field,asc` or `field,desc` */
  sort?: string;
  /** free-text search */
  q?: string;
  /**
   * Only the records with these keys (`?id=3&id=7`, at most 500): react-admin's getMany. A
   * single `?id=3` arrives as one value.
   */
  id?: number | string | readonly (number | string)[];
}

export interface Page<T> {
  content: T[];
  totalElements: number;
}

export type Tenant = Static<typeof TenantSchema>;

/** POST /api/tenant/add, PUT /api/tenant/{id} */
export type TenantInput = Pick<Tenant, "name"> & Partial<Pick<Tenant, "description">>;

export type User = Static<typeof UserSchema>;

/** POST /api/user/add (with `roles`, optional), PUT /api/user/{id} (without) */
export interface UserInput {
  email: string;
  tenantId: number;
  roles?: RoleName[];
}

/** GET /api/user/role/available: the roles the caller may grant. GET …/assigned/{id}: the user's. */
export type RoleList = Static<typeof RoleListSchema>;

/** PUT /api/user/role/assign/{userId} */
export type RoleAssignment = Static<typeof roleAssignmentBody>;

/** POST /api/user/generate-set-url */
export type GenerateSetUrlRequest = Static<typeof generateSetUrlBody>;
export type GenerateSetUrlResponse = Static<typeof GenerateSetUrlAnswer>;

/** A tenant's setting; secret values come back masked (see maskSecret). */
export type Property = Static<typeof PropertySchema>;

/** PUT /api/property/properties/{name} */
export type PropertyValue = Pick<Property, "value">;

/* ---------- SmartBill: warehouses, stock, tasks ---------- */

/** GET /api/smartbill/warehouses; its name is the SmartBill warehouse's, matched exactly. */
export type Warehouse = Static<typeof WarehouseSchema>;

/** POST /api/smartbill/warehouses, PUT /api/smartbill/warehouses/{id}; the type one of WAREHOUSE_TYPES. */
export type WarehouseInput = Omit<Warehouse, "id">;

/** The answer to POST and PUT: the warehouse as stored, plus the success message to show. */
export type WarehouseSaved = Static<typeof WarehouseSavedAnswer>;

/** GET /api/smartbill/warehouses/smartbill: the warehouses SmartBill's stock answer names, for the form to offer. */
export type SmartBillWarehouses = Static<typeof SmartBillWarehousesAnswer>;

/** One product's stock in one warehouse, as last imported from SmartBill. */
export type StockItem = Static<typeof StockItemSchema>;

/** GET /api/smartbill/stock: always this shape (the spec's `{content}`, plus the count). */
export type StockPage = Static<typeof StockPageSchema>;

/** POST /api/smartbill/stock/import/{warehouseId}: answered at once (202); the import runs as a task. */
export type StockImportResponse = Static<typeof StockImportAnswer>;

/** GET /api/tasks, /api/tasks/{id}: long work (a stock import) run by the server's task worker. */
export type Task = Static<typeof TaskSchema>;
export type TaskKind = Task["kind"];

/* ---------- Customers ---------- */

export type CustomerFields = Static<typeof CustomerFieldsSchema>;
export type Customer = Static<typeof CustomerSchema>;
/** One customer as its page reads it: with ANAF's last known state of its CUI. */
export type CustomerRecord = Static<typeof CustomerRecordSchema>;
export type CustomerAnafState = Static<typeof CustomerAnafStateSchema>;
export type RejectedRow = Static<typeof RejectedRowSchema>;

/** POST /api/smartbill/customer/import[?dryRun=true] (multipart: file) */
export type CustomerImportResult = Static<typeof CustomerImportAnswer>;
/** 'Verifică la ANAF' in the import's dry run: its start, its offer, its progress and findings. */
export type CustomerAnafCheckStart = Static<typeof CustomerAnafCheckStarted>;
export type CustomerAnafCheckOfferAnswer = Static<typeof CustomerAnafCheckOffer>;
export type CustomerAnafCheck = Static<typeof CustomerAnafCheckAnswer>;

/* ---------- Invoices ---------- */

/** The invoice form: the import's `payload` and the body of PUT /api/smartbill/invoice/{id}. */
export type InvoiceForm = Static<typeof InvoiceFormSchema>;

/** PUT /api/smartbill/invoice/{id}: the form and the version it was edited from (409 when stale). */
export type InvoiceUpdate = InvoiceForm & Pick<Invoice, "version">;

/** One line of an invoice (the spec calls it a "product line"; its JSON keeps the spec's `products`). */
export type InvoiceLineInput = Static<typeof InvoiceLineInputSchema>;
export type InvoiceLine = Static<typeof InvoiceLineSchema>;

/** What SmartBill answered to the send (its POST /invoice answer). */
export type SmartBillImportResult = Static<typeof SmartBillImportResultSchema>;

/** GET /api/smartbill/invoice (items) and /api/smartbill/invoice/{id} (with `products`). */
export type Invoice = Static<typeof InvoiceSchema>;

/** A VAT rate as SmartBill names it, e.g. 'Normala' 19. */
export type TaxRate = Static<typeof TaxRateSchema>;

/** GET /api/smartbill/tax: the rates a line may use; `fromProvider` false when SmartBill's list could not be read. */
export type TaxList = Static<typeof TaxListAnswer>;

/** A rejected line of an invoice workbook. */
export type RejectedLine = Static<typeof RejectedLineSchema>;

/** POST /api/smartbill/invoice/{invoiceId}/paste: a spreadsheet block → the lines added and the rows refused. */
export type PastedLinesInput = Static<typeof PastedLinesBody>;
export type PastedLines = Static<typeof PastedLinesAnswer>;

/** POST /api/smartbill/invoice/import (multipart: file, payload = JSON of InvoiceForm). */
export type InvoiceImportResult = Static<typeof InvoiceImportAnswer>;

/** GET /api/smartbill/invoice/series: SmartBill's invoice series for the form (empty, fromProvider false, when it cannot be asked). */
export type InvoiceSeriesList = Static<typeof InvoiceSeriesAnswer>;

/** POST /api/smartbill/invoice/send/{id}: SmartBill's answer (errorText filled = refused) and the invoice now. */
export type InvoiceSendResult = Static<typeof InvoiceSendAnswer>;
/** POST /send/{id}'s optional body: `acceptBuyerProblems` sends despite the buyer's problems, recorded in the history. */
export type InvoiceSendRequest = NonNullable<Static<typeof invoiceSendBody>>;
/** GET /{id}/buyer-check: the invoice's customer and its problems for e-Factura (contract/buyerProblems.ts). */
export type BuyerCheck = Static<typeof BuyerCheckAnswer>;

/** POST /api/smartbill/invoice/{id}/cancel, /{id}/restore, DELETE /{id}/smartbill: what was done, and the invoice now. */
export type InvoiceActionResult = Static<typeof InvoiceActionAnswer>;

/** GET /api/smartbill/invoice/{id}/email: the e-mail form, prefilled. */
export type InvoiceEmailForm = Static<typeof InvoiceEmailFormSchema>;

/** POST /api/smartbill/invoice/{id}/email (answers {message}). The PDF is GET /{id}/pdf, a file. */
export type InvoiceEmailRequest = Static<typeof invoiceEmailBody>;
/** GET /api/smartbill/invoice/{id}/payments: a payment recorded in SmartBill through us. */
export type InvoicePayment = Static<typeof InvoicePaymentSchema>;
/** POST /{id}/payments {requestId, amount, date, type}, DELETE /{id}/payments/{paymentId}, POST /{id}/payment-status. */
export type InvoicePaymentResult = Static<typeof PaymentActionAnswer>;
export type InvoicePaymentBody = Static<typeof paymentBody>;
/** POST /{id}/reverse {requestId, issueDate?}: the original, now reversed, and its storno. */
export type InvoiceReverseResult = Static<typeof ReverseAnswer>;
export type InvoiceReverseBody = Static<typeof reverseBody>;

/* ---------- A new tenant's set-up: SmartBill connection, first steps ---------- */

/**
 * The tenant's SmartBill settings as one form (the `smartbill.*` settings). In every answer the
 * token is masked (maskSecret); sent back unchanged, the mask means "the stored token".
 */
export type SmartBillConnectionInput = Static<typeof ConnectionInputSchema>;

/** GET and PUT /api/smartbill/connection. */
export type SmartBillConnection = Static<typeof ConnectionSchema>;

/** POST /api/smartbill/connection/test: what SmartBill answered to the entered settings. */
export type SmartBillConnectionTestResult = Static<typeof ConnectionTestAnswer>;

/** GET /api/smartbill/connection/status: never the settings themselves. */
export type SmartBillConnectionStatus = Static<typeof ConnectionStatusAnswer>;

/** GET /api/first-steps: which of a new tenant's set-up steps are done. */
export type FirstSteps = Static<typeof FirstStepsSchema>;

/** A product of the tenant's catalogue ('Nomenclator produse'), as written (POST, PUT /api/products). */
export type ProductInput = Static<typeof productBody>;

/** A product as answered: every field filled in (the currency and the service flag have defaults). */
export interface Product extends Required<ProductInput> {
  id: number;
}

/** One row of the audit log ('Jurnal de audit'): GET /api/audit. */
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** One action taken on an invoice (its history): GET /api/smartbill/invoice/{id}/history. */
export type InvoiceEvent = Static<typeof InvoiceEventSchema>;

// Receipts ('Chitanțe'): /api/smartbill/receipt
export type Receipt = Static<typeof import("./schemas/receipts").ReceiptSchema>;
export type ReceiptBody = Static<typeof import("./schemas/receipts").receiptBody>;
export type ReceiptLineBody = Static<typeof import("./schemas/receipts").receiptLineBody>;
export type ReceiptSeriesList = Static<typeof import("./schemas/receipts").ReceiptSeriesAnswer>;
export type ReceiptText = Static<typeof import("./schemas/receipts").ReceiptTextAnswer>;
export type ReceiptDeleteResult = Static<typeof import("./schemas/receipts").ReceiptDeleteAnswer>;

// A customer's statement ('Fișa client'): /api/smartbill/customer/{id}/statement
export type CustomerStatement = Static<typeof import("./schemas/customerStatement").StatementAnswer>;
export type StatementCurrency = Static<typeof import("./schemas/customerStatement").StatementCurrencySchema>;
export type StatementEntry = Static<typeof import("./schemas/customerStatement").StatementEntrySchema>;
export type StatementEmailRequest = Static<typeof import("./schemas/customerStatement").StatementEmailBody>;

// Reminders of overdue invoices ('Trimite reamintire'): /api/smartbill/reminders
export type ReminderSettings = Static<typeof import("./schemas/reminders").ReminderSettingsSchema>;
export type ReminderPreview = Static<typeof import("./schemas/reminders").ReminderPreviewSchema>;
export type ReminderPreviewResult = Static<typeof import("./schemas/reminders").ReminderPreviewAnswer>;
export type ReminderSendResult = Static<typeof import("./schemas/reminders").ReminderSendAnswer>;
