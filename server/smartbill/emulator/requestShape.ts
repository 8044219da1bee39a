/**
 * What SmartBill does before any invoicing logic: it maps the JSON body onto its model and
 * refuses an unknown field or a value of the wrong type with `invalid_request_error` /
 * `json_mapping_error`, naming the field's full path (SPEC26). Coercions follow Jackson's
 * defaults: scalars become strings, numeric strings become numbers, 0/1 and "true"/"false"
 * become booleans; null is always accepted.
 */

type FieldType =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "object"
  | "any-object"
  | "products"
  /** `invoicesList`: one {seriesName, number} or an array of them. */
  | "document-refs";

interface Shape {
  [field: string]: FieldType | Shape;
}

const CLIENT: Shape = {
  name: "string",
  vatCode: "string",
  code: "string",
  regCom: "string",
  isTaxPayer: "boolean",
  address: "string",
  city: "string",
  county: "string",
  country: "string",
  email: "string",
  phone: "string",
  contact: "string",
  bank: "string",
  iban: "string",
  saveToDb: "boolean",
};

const PRODUCT: Shape = {
  name: "string",
  code: "string",
  productDescription: "string",
  translatedName: "string",
  translatedMeasuringUnit: "string",
  isDiscount: "boolean",
  measuringUnitName: "string",
  currency: "string",
  quantity: "number",
  price: "number",
  isTaxIncluded: "boolean",
  taxName: "string",
  taxPercentage: "number",
  exchangeRate: "number",
  saveToDb: "boolean",
  warehouseName: "string",
  isService: "boolean",
  useSBProductName: "boolean",
  numberOfItems: "integer",
  discountType: "integer",
  discountValue: "number",
  discountPercentage: "number",
};

const INVOICE: Shape = {
  companyVatCode: "string",
  client: CLIENT,
  products: "products",
  seriesName: "string",
  issueDate: "string",
  isDraft: "boolean",
  dueDate: "string",
  deliveryDate: "string",
  paymentDate: "string",
  currency: "string",
  exchangeRate: "number",
  language: "string",
  precision: "integer",
  mentions: "string",
  observations: "string",
  issuerCnp: "string",
  issuerName: "string",
  aviz: "string",
  delegateName: "string",
  delegateIdentityCard: "string",
  delegateAuto: "string",
  useStock: "boolean",
  useEstimateDetails: "boolean",
  estimate: { seriesName: "string", number: "string", useStock: "boolean" },
  usePaymentTax: "boolean",
  paymentBase: "number",
  colectedTax: "number",
  paymentTotal: "number",
  payment: { value: "number", paymentSeries: "string", type: "string", isCash: "boolean" },
  paymentUrl: "string",
  sendEmail: "boolean",
  email: { to: "string", cc: "string", bcc: "string", subject: "string", bodyText: "string" },
  useIntraCif: "boolean",
  // SmartBill's own e-commerce plugin sends it at the top level.
  ecommercePluginInfo: "any-object",
};

const REVERSE: Shape = { companyVatCode: "string", seriesName: "string", number: "string", issueDate: "string" };

const DOCUMENT_REF: Shape = { seriesName: "string", number: "string" };

const PAYMENT: Shape = {
  companyVatCode: "string",
  type: "string",
  issueDate: "string",
  value: "number",
  client: CLIENT,
  seriesName: "string",
  isCash: "boolean",
  text: "string",
  translatedText: "string",
  currency: "string",
  exchangeRate: "number",
  precision: "integer",
  language: "string",
  isDraft: "boolean",
  useInvoiceDetails: "boolean",
  invoicesList: "document-refs",
  // Bon (fiscal receipt) only; the emulator takes them but prints no receipt.
  products: "products",
  returnFiscalPrinterText: "boolean",
  useStock: "boolean",
  number: "string",
  observation: "string",
  received: "any-object",
};

const DOCUMENT_SEND: Shape = {
  companyVatCode: "string",
  seriesName: "string",
  number: "string",
  type: "string",
  to: "string",
  cc: "string",
  bcc: "string",
  subject: "string",
  bodyText: "string",
};

export interface MappingError {
  code: "json_mapping_error";
  message: string;
  param: string;
}

/** The first field SmartBill would refuse, or undefined when the body maps. */
export function checkInvoiceShape(body: unknown): MappingError | undefined {
  if (!isObject(body)) return { code: "json_mapping_error", message: "Could not map property: .", param: "" };
  return checkObject(body, INVOICE, "");
}

/** POST /estimate (SPEC26 EstimateRequest): the invoice's body without payment, stock, estimate and VAT on collection. */
const ESTIMATE: Shape = Object.fromEntries(
  Object.entries(INVOICE).filter(([field]) => !["payment", "useStock", "estimate", "usePaymentTax"].includes(field)),
);

export function checkEstimateShape(body: unknown): MappingError | undefined {
  if (!isObject(body)) return { code: "json_mapping_error", message: "Could not map property: .", param: "" };
  return checkObject(body, ESTIMATE, "");
}

/** POST /invoice/reverse: also a badly formatted issueDate, which SmartBill cannot map (SPEC26). */
export function checkReverseShape(body: Record<string, unknown>): MappingError | undefined {
  const error = checkObject(body, REVERSE, "");
  if (error) return error;
  const issueDate = body.issueDate;
  if (issueDate != null && issueDate !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(String(issueDate))) {
    return { code: "json_mapping_error", message: "Could not map property: issueDate.", param: "issueDate" };
  }
  return undefined;
}

export function checkPaymentShape(body: Record<string, unknown>): MappingError | undefined {
  return checkObject(body, PAYMENT, "");
}

export function checkDocumentSendShape(body: Record<string, unknown>): MappingError | undefined {
  return checkObject(body, DOCUMENT_SEND, "");
}

function checkObject(value: Record<string, unknown>, shape: Shape, path: string): MappingError | undefined {
  for (const [key, field] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const type = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (type === undefined) return { code: "json_mapping_error", message: `Unrecognized property: ${at}.`, param: at };
    const error = checkValue(field, type, at);
    if (error) return error;
  }
  return undefined;
}

function checkValue(value: unknown, type: FieldType | Shape, at: string): MappingError | undefined {
  if (value === null) return undefined;
  const wrong = { code: "json_mapping_error" as const, message: `Could not map property: ${at}.`, param: at };
  if (typeof type === "object") return isObject(value) ? checkObject(value, type, at) : wrong;
  switch (type) {
    case "string":
      return isObject(value) || Array.isArray(value) ? wrong : undefined;
    case "number":
    case "integer":
      return toNumber(value) === undefined ? wrong : undefined;
    case "boolean":
      return toBoolean(value) === undefined ? wrong : undefined;
    case "any-object":
      return isObject(value) ? undefined : wrong;
    case "object":
      return isObject(value) ? undefined : wrong;
    case "document-refs": {
      if (isObject(value)) return checkObject(value, DOCUMENT_REF, at);
      if (!Array.isArray(value)) return wrong;
      for (const [index, ref] of value.entries()) {
        const refAt = `${at}[${index}]`;
        if (!isObject(ref)) return { ...wrong, message: `Could not map property: ${refAt}.`, param: refAt };
        const error = checkObject(ref, DOCUMENT_REF, refAt);
        if (error) return error;
      }
      return undefined;
    }
    case "products": {
      if (!Array.isArray(value)) return wrong;
      for (const [index, line] of value.entries()) {
        const lineAt = `${at}[${index}]`;
        if (!isObject(line)) return { ...wrong, message: `Could not map property: ${lineAt}.`, param: lineAt };
        const error = checkObject(line, PRODUCT, lineAt);
        if (error) return error;
      }
      return undefined;
    }
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Jackson's reading of a number field; undefined when it would refuse it. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Jackson's reading of a boolean field (SmartBill accepts 1/0 too). */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (value === "true" || value === "false") return value === "true";
  if (value === "1" || value === "0") return value === "1";
  return undefined;
}

/** A string field's value ("" when absent or null), coerced as Jackson does. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value);
}
