/**
 * SmartBill's V1 payloads as our client sends and reads them (../shared/spec/smartbill-api.md),
 * and the one error type every SmartBill failure becomes. Field names are the provider's,
 * verbatim. Provider texts stay as SmartBill writes them (Romanian without diacritics); our own
 * messages are Romanian with diacritics.
 */

/** The classic V1 envelope every JSON answer starts with; `errorText` empty means success. */
export interface SmartBillEnvelope {
  errorText: string;
  message: string;
  number: string;
  series: string;
  url: string;
}

export type WarehouseType = "en gros" | "en detail";

/** One product line of a stock answer, normalised (`quantity` may come as a string on the wire). */
export interface StockProduct {
  productName: string;
  /** Present only when the company uses product codes. */
  productCode?: string;
  measuringUnit: string;
  quantity: number;
}

export interface StockWarehouse {
  warehouse: { warehouseName: string; warehouseType: WarehouseType | string };
  products: StockProduct[];
}

/** GET /stocks as it comes over the wire. */
export interface StockResponse extends SmartBillEnvelope {
  list: {
    warehouse: { warehouseName: string; warehouseType: string };
    products: (Omit<StockProduct, "quantity"> & { quantity: number | string })[];
  }[];
}

export interface StockQuery {
  /** yyyy-MM-dd: the stock as of that date. */
  date: string;
  /** Case-sensitive, as configured in SmartBill. */
  warehouseName?: string;
  productName?: string;
  productCode?: string;
}

export interface Tax {
  name: string;
  percentage: number;
}

export interface TaxResponse extends SmartBillEnvelope {
  taxes: Tax[];
}

/** f = factura, p = proforma, c = chitanta. */
export type SeriesType = "f" | "p" | "c";

export interface Series {
  name: string;
  /** Parsed: SmartBill sends an integer, older answers a zero-padded string ("0117"). */
  nextNumber: number;
  type: SeriesType;
}

export interface SeriesResponse extends SmartBillEnvelope {
  list: { name: string; nextNumber: number | string; type: SeriesType }[];
}

export interface InvoiceClient {
  name: string;
  country: string;
  vatCode?: string;
  code?: string;
  regCom?: string;
  isTaxPayer?: boolean;
  address?: string;
  city?: string;
  county?: string;
  email?: string;
  phone?: string;
  contact?: string;
  bank?: string;
  iban?: string;
  saveToDb?: boolean;
}

/** A product or service line. */
export interface InvoiceProduct {
  name: string;
  /** Required when the company uses product codes; case-sensitive. */
  code?: string;
  productDescription?: string;
  translatedName?: string;
  translatedMeasuringUnit?: string;
  isDiscount?: false;
  /** Case-sensitive (`buc` is not `BUC`). */
  measuringUnitName: string;
  currency?: string;
  quantity: number;
  price: number;
  /** Default false: prices are net of VAT. */
  isTaxIncluded?: boolean;
  taxName?: string;
  taxPercentage?: number;
  exchangeRate?: number;
  saveToDb?: boolean;
  /** Required with `useStock`; case-sensitive. */
  warehouseName?: string;
  isService?: boolean;
  useSBProductName?: boolean;
}

/** A discount line, placed after the lines it applies to. */
export interface InvoiceDiscountLine {
  isDiscount: true;
  name: string;
  /** How many immediately preceding lines it covers; without it SmartBill ignores the discount. */
  numberOfItems: number;
  /** 1 = value, 2 = percent. */
  discountType: 1 | 2;
  /** Negative. */
  discountValue?: number;
  discountPercentage?: number;
  measuringUnitName?: string;
  currency?: string;
  isTaxIncluded?: boolean;
  taxName?: string;
  taxPercentage?: number;
}

export interface InvoicePayment {
  value: number;
  type: string;
  isCash: boolean;
  paymentSeries?: string;
}

export interface InvoiceRequest {
  /** Set by the client from its configuration; a value given here is replaced. */
  companyVatCode?: string;
  client: InvoiceClient;
  products: (InvoiceProduct | InvoiceDiscountLine)[];
  seriesName: string;
  /** yyyy-MM-dd; default today. */
  issueDate?: string;
  isDraft?: boolean;
  dueDate?: string;
  deliveryDate?: string;
  paymentDate?: string;
  currency?: string;
  exchangeRate?: number;
  language?: string;
  precision?: number;
  mentions?: string;
  observations?: string;
  issuerCnp?: string;
  issuerName?: string;
  aviz?: string;
  delegateName?: string;
  delegateIdentityCard?: string;
  delegateAuto?: string;
  useStock?: boolean;
  usePaymentTax?: boolean;
  paymentBase?: number;
  colectedTax?: number;
  paymentTotal?: number;
  payment?: InvoicePayment;
  paymentUrl?: string;
  sendEmail?: boolean;
  email?: { to?: string; cc?: string; bcc?: string };
  useIntraCif?: boolean;
  /** An invoice issued from a proforma: client and products are taken from it. */
  useEstimateDetails?: boolean;
  estimate?: { seriesName: string; number: string; useStock?: boolean };
}

/**
 * What POST /invoice answers: the envelope with `series` and `number` ("0001"; "" for a draft).
 * /invoice/v2 adds the three document fields.
 */
export interface InvoiceResult extends SmartBillEnvelope {
  documentId?: number | string;
  documentUrl?: string;
  documentViewUrl?: string;
}

/** An issued invoice, as the calls after the send name it: its number exactly as printed ("0007"). */
export interface InvoiceRef {
  seriesName: string;
  number: string;
}

/** GET /invoice/pdf: SmartBill's PDF and the file name it gives it (factura<series><number>.pdf). */
export interface InvoicePdf {
  pdf: Buffer;
  fileName: string;
}

/** GET /estimate/invoices: the invoices issued from a proforma (a draft's `number` is ""). */
export interface EstimateInvoices {
  areInvoicesCreated: boolean;
  invoices: { series: string; number: string }[];
}

/** POST /invoice/reverse: a storno of the invoice; `issueDate` (yyyy-MM-dd) defaults to today. */
export interface ReverseRequest extends InvoiceRef {
  issueDate?: string;
}

/** SmartBill's payment types, spelled as it spells them (§4.2). */
export type PaymentType =
  | "Card"
  | "Card online"
  | "Chitanta"
  | "Bon"
  | "Ordin plata"
  | "CEC"
  | "Bilet ordin"
  | "Mandat postal"
  | "Extras de cont"
  | "Ramburs"
  | "Alta incasare";

/** POST /payment against invoices (the client sets companyVatCode). */
export interface PaymentRequest {
  type: PaymentType;
  /** yyyy-MM-dd; default today. */
  issueDate?: string;
  /** Without it, and with useInvoiceDetails, what is left to pay on the invoices. */
  value?: number;
  client: Pick<InvoiceClient, "name" | "vatCode"> & Partial<InvoiceClient>;
  isCash: boolean;
  /** A Chitanta's receipt series. */
  seriesName?: string;
  currency?: string;
  text?: string;
  useInvoiceDetails?: boolean;
  invoicesList: InvoiceRef[];
}

/** What POST /payment answers: a Chitanta's series and number, empty for other types. */
export type PaymentResult = SmartBillEnvelope & { id?: string };

/** DELETE /payment/v2: the payment by its invoice, or by date, value, client name and CIF (all four). */
export type PaymentDeleteQuery = { paymentType: PaymentType } & (
  | { invoiceSeries: string; invoiceNumber: string }
  | { paymentDate: string; paymentValue: number; clientName: string; clientCif: string }
);

/** GET /invoice/paymentstatus, in the invoice's currency. */
export interface PaymentStatus {
  invoiceTotalAmount: number;
  paidAmount: number;
  unpaidAmount: number;
  paid: boolean;
}

/** POST /document/send; subject and body in plain text (the client encodes them in Base64). */
export interface DocumentSendRequest extends InvoiceRef {
  type?: "factura" | "proforma";
  to?: string;
  cc?: string;
  bcc?: string;
  subject?: string;
  bodyText?: string;
}

export type SmartBillErrorKind =
  /** The tenant's SmartBill settings are missing or unusable. */
  | "config"
  /** SmartBill refused the credentials or the company (401). */
  | "auth"
  /** SmartBill answered with a non-empty errorText (or its own error shape). */
  | "provider"
  /** An HTTP error without a SmartBill answer (HTML error page, proxy error). */
  | "http"
  /** A 2xx answer that is not the JSON we expect. */
  | "invalid-response"
  /** No answer within the time limit. */
  | "timeout"
  /** The connection failed or was dropped. */
  | "network"
  /** The token is blocked for exceeding the call limit; see `lockedUntil`. */
  | "lockout";

export interface SmartBillErrorDetails {
  /** The HTTP status, when SmartBill answered. */
  status?: number;
  /** For "lockout": when the block ends (epoch ms). */
  lockedUntil?: number;
  cause?: unknown;
}

export class SmartBillError extends Error {
  override name = "SmartBillError";
  readonly status?: number;
  readonly lockedUntil?: number;

  constructor(
    readonly kind: SmartBillErrorKind,
    message: string,
    details: SmartBillErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    if (details.status !== undefined) this.status = details.status;
    if (details.lockedUntil !== undefined) this.lockedUntil = details.lockedUntil;
  }
}
