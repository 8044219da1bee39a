/**
 * Payloads of the API as both sides see them (product-spec section 7). Where a route declares a
 * shape in its schema (TypeBox, server/routes/…/schemas.ts), the type here is derived from it
 * (`Static<typeof …>`), so a field is declared once. Those imports are types only: the client
 * bundle carries neither TypeBox nor the server's code.
 */
import type { Static } from "typebox";
import type { MessageAnswer, TenantRefSchema } from "../server/routes/answers";
import type { CustomerFieldsSchema, CustomerImportAnswer, CustomerSchema, RejectedRowSchema } from "../server/routes/api/customers/schemas";
import type { productBody } from "../server/routes/api/products/schemas";
import type { TenantSchema } from "../server/routes/api/tenants/schemas";
import type { LoginAnswer, loginBody, logoutBody, passwordTokenBody, recoverBody, refreshBody } from "../server/routes/dmz/schemas";
import type { RoleName } from "./roles";

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

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** GET /api/me */
export interface MeResponse {
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
}

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

export interface User {
  id: number;
  email: string;
  /** with its description, for the users screen's group headings */
  tenant: { id: number; name: string; description: string | null };
  createdAt: string;
  updatedAt: string;
  roles: RoleName[];
}

/** POST /api/user/add, PUT /api/user/{id} */
export interface UserInput {
  email: string;
  tenantId: number;
}

/** GET /api/user/role/available: the roles the caller may grant. GET …/assigned/{id}: the user's. */
export type RoleList = RoleName[];

/** PUT /api/user/role/assign/{userId} */
export interface RoleAssignment {
  roles: RoleName[];
}

/** POST /api/user/generate-set-url */
export interface GenerateSetUrlRequest {
  email: string;
  /** the app's origin + '/dmz' */
  baseUrl: string;
}

export interface GenerateSetUrlResponse {
  /** `${baseUrl}/set-password?email=…&token=…` for a user without a password, else /reset-password */
  url: string;
}

/** A tenant's setting; secret values come back masked (see maskSecret). */
export interface Property {
  name: string;
  value: string;
}

/** PUT /api/property/properties/{name} */
export interface PropertyValue {
  value: string;
}

/* ---------- SmartBill: warehouses, stock, tasks ---------- */

/** SmartBill's two kinds of warehouse (gestiune): at cost, or at sale price. */
export const WAREHOUSE_TYPES = ["en gros", "en detail"] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

/** GET /api/smartbill/warehouses; its name is the SmartBill warehouse's, matched exactly. */
export interface Warehouse {
  id: number;
  warehouseName: string;
  /** One of WAREHOUSE_TYPES in every answer. */
  warehouseType: string;
}

/** POST /api/smartbill/warehouses, PUT /api/smartbill/warehouses/{id}; the type one of WAREHOUSE_TYPES. */
export interface WarehouseInput {
  warehouseName: string;
  warehouseType: string;
}

/** The answer to POST and PUT: the warehouse as stored, plus the success message to show. */
export type WarehouseSaved = Warehouse & MessageResponse;

/** One product's stock in one warehouse, as last imported from SmartBill. */
export interface StockItem {
  id: number;
  /** null when the company does not use product codes in SmartBill */
  productCode: string | null;
  productName: string;
  measuringUnit: string;
  quantity: number;
  warehouseId: number;
}

/** GET /api/smartbill/stock: always this shape (the spec's `{content}`, plus the count). */
export type StockPage = Page<StockItem>;

/** GET /api/smartbill/stock: the list parameters plus a filter on one warehouse. */
export interface StockListParams extends ListParams {
  warehouseId?: number;
}

/**
 * POST /api/smartbill/stock/import/{warehouseId}: answered at once (202); the import runs as a
 * task. While an import of the warehouse is queued or running, no second one is queued: the
 * message says so, and `taskId` is the existing task's.
 */
export interface StockImportResponse {
  message: string;
  taskId: number;
}

export const TASK_STATUSES = ["queued", "running", "done", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskKind = "stock-import";

/** GET /api/tasks, /api/tasks/{id}: long work (a stock import) run by the server's task worker. */
export interface Task {
  id: number;
  kind: TaskKind;
  /** What the task does, for a list of tasks, e.g. 'Import stoc: Depozit Central' */
  title: string;
  status: TaskStatus;
  /** 0–100 */
  progress: number;
  /** items to process, once known (0 before) */
  total: number;
  processed: number;
  created: number;
  updated: number;
  errors: number;
  /** why a failed task failed, in Romanian */
  errorText: string | null;
  /** the outcome of a finished task, in Romanian */
  message: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** GET /api/tasks: the list parameters plus a filter on the status. */
export interface TaskListParams extends ListParams {
  status?: TaskStatus;
}

/* ---------- Customers ---------- */

/** The list's columns, in the spec's order; each is also a filter (`?judet=Cluj`, contains, any case). */
export const CUSTOMER_COLUMNS = [
  "clientName",
  "cif",
  "regCom",
  "codClient",
  "adresa",
  "localitate",
  "judet",
  "banca",
  "iban",
  "tara",
  "email",
  "persContact",
  "telefon",
] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];

export type CustomerFields = Static<typeof CustomerFieldsSchema>;
export type Customer = Static<typeof CustomerSchema>;
export type RejectedRow = Static<typeof RejectedRowSchema>;

/** POST /api/smartbill/customer/import[?dryRun=true] (multipart: file) */
export type CustomerImportResult = Static<typeof CustomerImportAnswer>;

/* ---------- Invoices ---------- */

/**
 * An imported invoice's life: `draft` (a request being reviewed; editable), `sending` (a send is
 * in flight; nothing may change), `sent` (SmartBill issued it; read-only for ever), `refused`
 * (SmartBill answered with an errorText; editable and can be sent again), `unclear` (the answer
 * was lost and the series could not prove whether SmartBill issued it; sending again first
 * checks the series).
 */
export const INVOICE_STATUSES = ["draft", "sending", "sent", "refused", "unclear"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The invoice form: the import's `payload` and the body of PUT /api/smartbill/invoice/{id}. */
export interface InvoiceForm {
  /** customers.id of the client */
  clientId: number | null;
  /** warehouses.id: the default warehouse of the lines */
  warehouseId: number | null;
  /** yyyy-mm-dd */
  issueDate: string;
  dueDays: number;
  useStock: boolean;
  mentions: string;
  observations: string;
  /** SmartBill's isDraft ('Ciorna') */
  draft: boolean;
  /** 'Salvează în DB': SmartBill saves the client and products in its catalogue */
  saveToDb: boolean;
  seriesName: string;
  currency: string;
  language: string;
  precision: number;
}

/** PUT /api/smartbill/invoice/{id}: the form and the version it was edited from (409 when stale). */
export interface InvoiceUpdate extends InvoiceForm {
  version: number;
}

/** One line of an invoice (the spec calls it a "product line"; its JSON keeps the spec's `products`). */
export interface InvoiceLineInput {
  name: string;
  code: string;
  quantity: number;
  price: number;
  measuringUnitName: string;
  currency: string;
  taxName: string;
  taxPercentage: number;
  saveToDb: boolean;
  service: boolean;
  warehouseName: string;
}

export interface InvoiceLine extends InvoiceLineInput {
  id: number;
  invoiceId: number;
}

/** What SmartBill answered to the send (its POST /invoice answer). */
export interface SmartBillImportResult {
  errorText: string;
  message: string;
  number: string;
  series: string;
  url: string;
}

/** GET /api/smartbill/invoice (items) and /api/smartbill/invoice/{id} (with `products`). */
export interface Invoice extends InvoiceForm {
  id: number;
  /** bumped by every saved change of the form; PUT sends the version it was edited from */
  version: number;
  /** issueDate + dueDays, yyyy-mm-dd */
  dueDate: string;
  /** the client's name from the customer list, or null when not found */
  clientName: string | null;
  status: InvoiceStatus;
  /**
   * sentSeries: the series SmartBill issued it in, or, while `unclear`, the series the lost send
   * used (so a new send checks there); sentNumber: set once issued ('' for a SmartBill draft)
   */
  sentSeries: string | null;
  sentNumber: string | null;
  /** SmartBill's refusal, as a person reads it */
  errorText: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  products?: InvoiceLine[];
}

/** A rejected line of an invoice workbook. */
export interface RejectedLine {
  /** the row number as Excel shows it (1-based, header counted) */
  row: number;
  reason: string;
}

/** POST /api/smartbill/invoice/import (multipart: file, payload = JSON of InvoiceForm). */
export interface InvoiceImportResult {
  error: boolean;
  importRequestId?: number;
  message?: string;
  errorMessage?: string;
  /** the lines read (on success) */
  lines?: number;
  /** every refused row (the file is then refused whole) */
  rejected?: RejectedLine[];
  /** as CustomerImportResult.ignoredColumns and ignoredColumnsNote */
  ignoredColumns?: string[];
  ignoredColumnsNote?: string;
}

/** POST /api/smartbill/invoice/send/{id}: SmartBill's answer (errorText filled = refused) and the invoice now. */
export interface InvoiceSendResult {
  importResult: SmartBillImportResult | null;
  invoice: Invoice;
}

/* ---------- A new tenant's set-up: SmartBill connection, first steps ---------- */

/**
 * The tenant's SmartBill settings as one form (the `smartbill.*` settings). In every answer the
 * token is masked (maskSecret); sent back unchanged, the mask means "the stored token".
 */
export interface SmartBillConnectionInput {
  /** The SmartBill account's login e-mail. */
  username: string;
  token: string;
  /** The company's CIF exactly as SmartBill has it (e.g. RO40671760). */
  cif: string;
  /** The API's base address, e.g. https://ws.smartbill.ro/SBORO/api */
  url: string;
}

/** GET and PUT /api/smartbill/connection. */
export interface SmartBillConnection extends SmartBillConnectionInput {
  /** The settings are complete and the address is one this server may call. */
  configured: boolean;
  /** SmartBill's own API address, which a new form starts with. */
  defaultUrl: string;
  /** In demo mode, this server's SmartBill emulator (the address that works there); else null. */
  emulatorUrl: string | null;
}

/** POST /api/smartbill/connection/test: what SmartBill answered to the entered settings. */
export interface SmartBillConnectionTestResult {
  /** The company's VAT rates (GET /tax). */
  taxes: { name: string; percentage: number }[];
  /** The company's invoice series (GET /series?type=f). */
  series: { name: string; nextNumber: number }[];
}

/** GET /api/smartbill/connection/status: never the settings themselves. */
export interface SmartBillConnectionStatus {
  configured: boolean;
}

/** GET /api/first-steps: which of a new tenant's set-up steps are done. */
export interface FirstSteps {
  smartBillConnection: boolean;
  /** A user of the tenant holds ROLE_SMARTBILL. */
  invoicingUser: boolean;
  warehouse: boolean;
  customers: boolean;
}

/** A product of the tenant's catalogue ('Nomenclator produse'), as written (POST, PUT /api/products). */
export type ProductInput = Static<typeof productBody>;

/** A product as answered: every field filled in (the currency and the service flag have defaults). */
export interface Product extends Required<ProductInput> {
  id: number;
}
