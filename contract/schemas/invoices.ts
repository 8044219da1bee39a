/**
 * Shapes of the /api/smartbill/invoice routes (TypeBox): requests and answers; contract/api.ts
 * derives its invoice types from them. Requests are strict: unknown fields are refused, and
 * numbers are not coerced from text. What JSON Schema cannot say (a blank series, a date that
 * does not exist, a client of another tenant) the routes check after trimming.
 */
import { type Static, type TSchema, Type } from "typebox";
import { BUYER_PROBLEM_CODES } from "../buyerProblemCodes";
import { MAX_DUE_DAYS, MIN_DUE_DAYS } from "../constants";
import { CUSTOMER_COLUMNS } from "../customerColumns";
import { DOCUMENT_TYPES } from "../documentKinds";
import { EFACTURA_STATUSES } from "../efactura";
import { INVOICE_EVENT_ACTIONS, INVOICE_EVENT_OUTCOMES, PAYMENT_STATUSES } from "../invoiceEvents";
import { LINE_TEXT_MAX, MAX_AMOUNT } from "../invoiceLineBounds";
import { INVOICE_STATUSES } from "../invoiceStatuses";
import { SERIES_NAME_MAX_LENGTH } from "../seriesName";
import { Nullable, TaxRateSchema, Timestamp } from "./answers";
import { IdSchema } from "./ids";

/** SmartBill takes 2, 3 or 4 decimals (and silently caps more at 4): anything else is refused here. */
const MIN_PRECISION = 2;
const MAX_PRECISION = 4;
const MENTIONS_MAX_LENGTH = 5000;

const strict = { additionalProperties: false } as const;
/** Absent or null: "the default", where one exists. */
const maybe = <T extends TSchema & { type: string }>(schema: T) => Type.Optional(Nullable(schema));
const text = (maxLength: number) => Type.String({ maxLength });

/** The form's fields, as the client writes them (the import, the edit screen). */
const formFields = {
  clientId: IdSchema,
  warehouseId: IdSchema,
  issueDate: Type.String({ maxLength: 10, description: "yyyy-mm-dd" }),
  dueDays: Type.Integer({ minimum: MIN_DUE_DAYS, maximum: MAX_DUE_DAYS }),
  useStock: Type.Boolean(),
  mentions: text(MENTIONS_MAX_LENGTH),
  observations: text(MENTIONS_MAX_LENGTH),
  draft: Type.Boolean({ description: "SmartBill's isDraft ('Ciorna')" }),
  saveToDb: Type.Boolean({ description: "'Salvează în DB': SmartBill saves the client and products in its catalogue" }),
  seriesName: text(SERIES_NAME_MAX_LENGTH),
  currency: text(10),
  language: text(10),
  precision: Type.Integer({ minimum: MIN_PRECISION, maximum: MAX_PRECISION }),
};

/** The import's `payload` (multipart field, JSON): every field may be missing or null (INVOICE_DEFAULTS). */
export const importPayloadSchema = Type.Object(
  {
    clientId: maybe(formFields.clientId),
    warehouseId: maybe(formFields.warehouseId),
    issueDate: maybe(formFields.issueDate),
    dueDays: maybe(formFields.dueDays),
    useStock: maybe(formFields.useStock),
    mentions: maybe(formFields.mentions),
    observations: maybe(formFields.observations),
    draft: maybe(formFields.draft),
    saveToDb: maybe(formFields.saveToDb),
    seriesName: maybe(formFields.seriesName),
    currency: maybe(formFields.currency),
    language: maybe(formFields.language),
    precision: maybe(formFields.precision),
  },
  strict,
);
/** The form as it may arrive: any field missing or null (the import) or all present (PUT). */
export type FormBody = Static<typeof importPayloadSchema>;

/** The invoice form as stored and answered: the import's `payload` once defaulted, and PUT's fields. */
export const InvoiceFormSchema = Type.Object({
  ...formFields,
  clientId: Nullable(Type.Integer({ description: "customers.id of the client" })),
  warehouseId: Nullable(Type.Integer({ description: "warehouses.id: the default warehouse of the lines" })),
  mentions: Type.String(),
  observations: Type.String(),
});

/** One line of an invoice (the spec calls it a "product line"; its JSON keeps the spec's `products`). */
export const InvoiceLineInputSchema = Type.Object({
  name: Type.String(),
  code: Type.String(),
  quantity: Type.Number(),
  price: Type.Number(),
  measuringUnitName: Type.String(),
  currency: Type.String(),
  taxName: Type.String(),
  taxPercentage: Type.Number(),
  saveToDb: Type.Boolean(),
  service: Type.Boolean(),
  warehouseName: Type.String(),
});

export const InvoiceLineSchema = Type.Object({
  id: Type.Integer(),
  invoiceId: Type.Integer(),
  ...InvoiceLineInputSchema.properties,
});

/** What an invoice says about e-Factura (contract/efactura.ts InvoiceEfactura). */
export const InvoiceEfacturaSchema = Type.Object(
  {
    status: Type.Union([Type.Enum(EFACTURA_STATUSES), Type.Null()], { description: "SPV's status; null while SPV has no message about it" }),
    error: Nullable(Type.String({ description: "ANAF's error text of a rejection" })),
    messageAt: Nullable(Type.String({ description: "when SPV created the message that set the status (ISO 8601)" })),
    archived: Type.Boolean({ description: "the signed ZIP is archived: …/efactura/zip and …/efactura/pdf answer" }),
    deadline: Nullable(
      Type.String({
        description:
          "yyyy-mm-dd, the last day to reach SPV (5 working days after issue); set only for an issued invoice with no SPV message, of a tenant connected to SPV, issued within SPV's 60 days",
      }),
    ),
    workingDaysLeft: Nullable(Type.Integer({ description: "working days left until `deadline` (Romania's date), negative once passed" })),
  },
  { description: "e-Factura (SPV); null on a proforma" },
);

/** The invoice's own fields beyond the form, as every answer gives them. */
const invoiceFields = {
  id: Type.Integer(),
  version: Type.Integer({ description: "bumped by every saved change of the form; PUT sends the version it was edited from" }),
  dueDate: Type.String({ description: "issueDate + dueDays, yyyy-mm-dd; '' when that is no day with a four-digit year (a row stored before dates were bounded)" }),
  clientName: Nullable(Type.String({ description: "the client's name from the customer list, or null when not found" })),
  status: Type.Enum(INVOICE_STATUSES),
  sentSeries: Nullable(
    Type.String({
      description: "the series SmartBill issued it in, or, while `unclear`, the series the lost send used (so a new send checks there)",
    }),
  ),
  sentNumber: Nullable(Type.String({ description: "set once issued ('' for a SmartBill draft)" })),
  errorText: Nullable(Type.String({ description: "SmartBill's refusal, as a person reads it" })),
  sentAt: Nullable(Type.String({ description: "ISO 8601" })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  cancelled: Type.Boolean({ description: "cancelled in SmartBill, and not restored since" }),
  deletedFromSmartBill: Type.Boolean({ description: "deleted from SmartBill (its number is free again there)" }),
  reversalOfId: Nullable(Type.Integer({ description: "this invoice is the storno of that invoice" })),
  reversedById: Nullable(Type.Integer({ description: "that invoice is this one's storno" })),
  total: Nullable(
    Type.Number({
      description:
        "the lines' total with VAT in the invoice's currency (each line's net and VAT rounded to the precision); null when a line is in another currency",
    }),
  ),
  unpaid: Type.Number({
    description: "what is still to be collected on it, as stored (0 on a proforma, a draft, a cancelled, deleted or reversed invoice, a storno)",
  }),
  payment: Nullable(
    Type.Object(
      {
        total: Type.Number(),
        paid: Type.Number(),
        unpaid: Type.Number(),
        status: Type.Enum(PAYMENT_STATUSES),
        checkedAt: Timestamp,
      },
      { description: "SmartBill's payment status as last read; null before it was read" },
    ),
  ),
  documentType: Type.Enum(DOCUMENT_TYPES, { description: "an invoice, or a proforma: each kind's routes see only their own" }),
  documentViewUrl: Nullable(
    Type.String({ description: "SmartBill's public view link of the sent document; null before a send, or for a legacy send" }),
  ),
  proformaId: Nullable(Type.Integer({ description: "on an invoice: the proforma it was issued from" })),
  invoiceId: Nullable(Type.Integer({ description: "on a proforma: the invoice of ours issued from it, null when none yet" })),
  invoicedAs: Nullable(
    Type.Object(
      { series: Type.String(), number: Type.String() },
      { description: "on a proforma: the invoice SmartBill says it became (last read from /estimate/invoices)" },
    ),
  ),
  efactura: Type.Union([InvoiceEfacturaSchema, Type.Null()]),
};

/** GET /{id}/history: one action taken on the invoice, oldest first. */
export const InvoiceEventSchema = Type.Object({
  id: Type.Integer(),
  action: Type.Enum(INVOICE_EVENT_ACTIONS),
  outcome: Type.Enum(INVOICE_EVENT_OUTCOMES),
  userEmail: Type.String(),
  answer: Nullable(Type.String({ description: "SmartBill's answer, or why it could not be asked" })),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: "what the action was given or gave" })),
  createdAt: Timestamp,
});

/** GET / (items, without lines) and GET /{id} (with `products`, its lines). */
export const InvoiceSchema = Type.Object({
  ...InvoiceFormSchema.properties,
  ...invoiceFields,
  products: Type.Optional(Type.Array(InvoiceLineSchema)),
});

/**
 * PUT /{id}: the whole form and the version it was edited from. The invoice's read-only fields
 * (as GET answers them) are accepted and ignored, so a client may send back the record it
 * loaded with its changes (react-admin's update does); any other field is refused.
 */
export const invoiceUpdateSchema = Type.Object(
  {
    ...formFields,
    clientId: Nullable(IdSchema),
    warehouseId: Nullable(IdSchema),
    mentions: maybe(formFields.mentions),
    observations: maybe(formFields.observations),
    version: IdSchema,
    // Read-only, ignored (id must be the path's).
    id: Type.Optional(IdSchema),
    dueDate: maybe(Type.String()),
    clientName: maybe(Type.String()),
    status: Type.Optional(Type.Enum(INVOICE_STATUSES)),
    sentSeries: maybe(Type.String()),
    sentNumber: maybe(Type.String()),
    errorText: maybe(Type.String()),
    sentAt: maybe(Type.String()),
    createdAt: maybe(Type.String()),
    updatedAt: maybe(Type.String()),
    cancelled: Type.Optional(Type.Boolean()),
    deletedFromSmartBill: Type.Optional(Type.Boolean()),
    reversalOfId: maybe(Type.Integer()),
    reversedById: maybe(Type.Integer()),
    payment: Type.Optional(Type.Unknown()),
    unpaid: maybe(Type.Number()),
    total: maybe(Type.Number()),
    products: Type.Optional(Type.Array(Type.Unknown())),
    documentType: Type.Optional(Type.Enum(DOCUMENT_TYPES)),
    documentViewUrl: maybe(Type.String()),
    proformaId: maybe(Type.Integer()),
    invoiceId: maybe(Type.Integer()),
    invoicedAs: Type.Optional(Type.Unknown()),
    efactura: Type.Optional(Type.Unknown()),
  },
  strict,
);
export type UpdateBody = Static<typeof invoiceUpdateSchema>;

/**
 * POST / ('Factură nouă', 'Proformă nouă'): the form as PUT takes it, without a version (there is
 * none yet); the same read-only fields are accepted and ignored, any other refused.
 */
const { version: _version, id: _id, ...createFields } = invoiceUpdateSchema.properties;
export const invoiceCreateSchema = Type.Object(createFields, strict);
export type CreateBody = Static<typeof invoiceCreateSchema>;

const amount = Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT });

/**
 * POST /{invoiceId}/line and PUT /line/{id} (and the spec's /product URLs): a line. name, code, quantity and price are
 * required (spec section 5); the rest may be missing or null and then gets its default.
 * `id` and `invoiceId` may come along (the client sends the line it shows) and must match the path.
 */
export const invoiceLineSchema = Type.Object(
  {
    id: Type.Optional(IdSchema),
    invoiceId: Type.Optional(IdSchema),
    name: Nullable(text(LINE_TEXT_MAX.name)),
    code: Nullable(text(LINE_TEXT_MAX.code)),
    quantity: amount,
    price: amount,
    measuringUnitName: maybe(text(LINE_TEXT_MAX.measuringUnitName)),
    currency: maybe(text(LINE_TEXT_MAX.currency)),
    taxName: maybe(text(LINE_TEXT_MAX.taxName)),
    taxPercentage: maybe(Type.Number({ minimum: 0, maximum: 100 })),
    saveToDb: maybe(Type.Boolean()),
    service: maybe(Type.Boolean()),
    warehouseName: maybe(text(LINE_TEXT_MAX.warehouseName)),
  },
  strict,
);
/** The body of a line write. */
export type LineBody = Static<typeof invoiceLineSchema>;

/** What SmartBill answered to the send (its POST /invoice answer). */
export const SmartBillImportResultSchema = Type.Object({
  errorText: Type.String(),
  message: Type.String(),
  number: Type.String(),
  series: Type.String(),
  url: Type.String(),
});

/**
 * POST /send/{id}'s optional body. No body, `{}` or anything but JSON sends as it always did;
 * `acceptBuyerProblems` is the clerk's second click ('Trimite oricum'): the history then records
 * the buyer's problems the send went ahead despite. Unknown fields are let through, unlike the
 * other requests': this route read no body at all before, and API clients posting one keep working.
 */
export const invoiceSendBody = Nullable(
  Type.Object({
    acceptBuyerProblems: Type.Optional(Type.Boolean({ description: "send although the buyer has problems for e-Factura" })),
  }),
);

/** One reason e-Factura may refuse the invoice's buyer (contract/buyerProblems.ts). */
export const BuyerProblemSchema = Type.Object({
  field: Type.Union([Type.Enum(CUSTOMER_COLUMNS), Type.Null()], { description: "the customer's field to correct; null: no customer" }),
  code: Type.Enum(BUYER_PROBLEM_CODES),
  message: Type.String(),
});

/** GET /{id}/buyer-check: the invoice's customer (null: none) and what e-Factura would refuse of it. */
export const BuyerCheckAnswer = Type.Object({
  customerId: Type.Union([Type.Integer(), Type.Null()]),
  problems: Type.Array(BuyerProblemSchema),
});

/** POST /send/{id}: SmartBill's answer (errorText filled = refused) and the invoice now. */
export const InvoiceSendAnswer = Type.Object({
  importResult: Nullable(SmartBillImportResultSchema),
  invoice: InvoiceSchema,
});

/** A rejected line of an invoice workbook. */
export const RejectedLineSchema = Type.Object({
  row: Type.Integer({ description: "the row number as Excel shows it (1-based, header counted)" }),
  reason: Type.String(),
});

const LINE_FIELDS = ["name", "code", "quantity", "price", "measuringUnitName", "currency", "taxName", "taxPercentage", "service", "saveToDb", "warehouseName"] as const;
// An enum, not a Union of mapped Literals: TypeBox types a Union from a tuple only, and a mapped array made the field's type `null` alone.
const LineFieldSchema = Type.Enum(LINE_FIELDS);

/** POST /{invoiceId}/paste: a block copied from a spreadsheet (tab-separated rows, header row optional). */
export const PastedLinesBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 2_000_000, description: "the clipboard's text/plain: rows by line breaks, cells by tabs" }),
});

/** A pasted row refused: its cells as pasted (so nothing typed is lost) and each problem, by field when it has one. */
export const PastedLineRejectionSchema = Type.Object({
  row: Type.Integer({ description: "the row's number among the pasted data rows (1-based, a header row not counted)" }),
  cells: Type.Record(Type.String(), Type.String(), { description: "field → the cell's text as pasted ('' when absent)" }),
  problems: Type.Array(Type.Object({ field: Type.Union([LineFieldSchema, Type.Null()], { description: "the cell at fault; null: the row as a whole" }), reason: Type.String() })),
});

/** The lines the good rows became (added, in the pasted order, after the invoice's lines) and the rows refused. */
export const PastedLinesAnswer = Type.Object({
  added: Type.Array(InvoiceLineSchema),
  rejected: Type.Array(PastedLineRejectionSchema),
});

/** POST /import (multipart: file, payload = JSON of InvoiceForm). A refusal (400) has the same shape. */
export const InvoiceImportAnswer = Type.Object({
  error: Type.Boolean(),
  importRequestId: Type.Optional(Type.Integer()),
  message: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
  lines: Type.Optional(Type.Integer({ description: "the lines read (on success)" })),
  rejected: Type.Optional(Type.Array(RejectedLineSchema, { description: "every refused row (the file is then refused whole)" })),
  missing: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description: "imported, but still lacking before a send (clientId, warehouseId): field → reason, also said after `message`",
    }),
  ),
  /** as the customers' import answer's ignoredColumns and ignoredColumnsNote */
  ignoredColumns: Type.Optional(Type.Array(Type.String())),
  ignoredColumnsNote: Type.Optional(Type.String()),
});

/** GET /series: SmartBill's invoice series with their next numbers; empty, `fromProvider` false, when SmartBill cannot be asked. */
export const InvoiceSeriesAnswer = Type.Object({
  series: Type.Array(Type.Object({ name: Type.String(), nextNumber: Type.Number() })),
  fromProvider: Type.Boolean(),
});

/**
 * GET /api/smartbill/tax: SmartBill's list (`fromProvider`) as read now (`source` 'smartbill') or
 * as last read at `readAt` ('saved', SmartBill could not be asked), or the standard rate alone
 * ('standard') when no list was ever read.
 */
export const TaxListAnswer = Type.Object({
  taxes: Type.Array(TaxRateSchema),
  fromProvider: Type.Boolean(),
  source: Type.Union([Type.Literal("smartbill"), Type.Literal("saved"), Type.Literal("standard")]),
  readAt: Type.Union([Type.String(), Type.Null()]),
});
