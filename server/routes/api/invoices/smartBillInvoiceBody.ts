/**
 * SmartBill's flat POST /invoice body (../shared/spec/smartbill-api.md §2.2) from an imported
 * invoice, its client (a row of the tenant's customer list) and its product lines. Pure: the
 * caller reads everything and checks what must be there (a client, 1–400 lines).
 *
 * Choices where SmartBill has defaults that disagree between its documents: `saveToDb` is always
 * sent (SPEC26 says false by default, SWAGGER true), and so are each line's `currency`,
 * `isTaxIncluded` (false: our prices are net of VAT) and `isService`. Empty optional texts are
 * left out rather than sent as "": SmartBill then behaves as if the field were not given.
 */
import type { CustomerFields, Invoice, InvoiceLine } from "../../../../contract/api";
import { DEFAULT_COUNTRY } from "../../../../contract/constants";
import type { InvoiceClient, InvoiceProduct, InvoiceRequest } from "../../../smartbill/types";

interface InvoiceBodySource {
  invoice: Pick<
    Invoice,
    | "issueDate"
    | "dueDate"
    | "draft"
    | "saveToDb"
    | "seriesName"
    | "currency"
    | "language"
    | "precision"
    | "mentions"
    | "observations"
    | "useStock"
  >;
  client: CustomerFields;
  lines: readonly InvoiceLine[];
  /** With useStock: the invoice's default warehouse, for lines that name none. */
  defaultWarehouseName?: string;
}

/** The body without `companyVatCode`: the client adds the tenant's CIF to every call it makes. */
export function smartBillInvoiceBody(source: InvoiceBodySource): InvoiceRequest {
  const { invoice, client, lines } = source;
  const useStock = invoice.useStock;
  const body: InvoiceRequest = {
    client: smartBillClient(client, invoice.saveToDb),
    seriesName: invoice.seriesName,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    isDraft: invoice.draft,
    currency: invoice.currency,
    language: invoice.language,
    precision: invoice.precision,
    useStock,
    products: lines.map((line) => smartBillProduct(line, useStock, source.defaultWarehouseName)),
  };
  if (invoice.mentions.trim()) body.mentions = invoice.mentions;
  if (invoice.observations.trim()) body.observations = invoice.observations;
  return body;
}

function smartBillClient(customer: CustomerFields, saveToDb: boolean): InvoiceClient {
  const vatCode = customer.cif.trim();
  const client: InvoiceClient = {
    name: customer.clientName.trim(),
    country: customer.tara.trim() || DEFAULT_COUNTRY,
    // A VAT payer's CIF carries the RO prefix; a bare number (or a CNP, '-', '0') does not.
    isTaxPayer: /^RO\s*\d/i.test(vatCode),
    saveToDb,
  };
  const optional: [keyof InvoiceClient, string][] = [
    ["vatCode", vatCode],
    ["regCom", customer.regCom],
    ["address", customer.adresa],
    ["city", customer.localitate],
    ["county", customer.judet],
    ["email", customer.email],
    ["bank", customer.banca],
    ["iban", customer.iban],
    ["contact", customer.persContact],
    ["phone", customer.telefon],
    ["code", customer.codClient],
  ];
  for (const [field, value] of optional) {
    const text = value.trim();
    if (text) (client as unknown as Record<string, string>)[field] = text;
  }
  return client;
}

function smartBillProduct(line: InvoiceLine, useStock: boolean, defaultWarehouseName: string | undefined): InvoiceProduct {
  const product: InvoiceProduct = {
    name: line.name,
    ...(line.code.trim() ? { code: line.code } : {}),
    measuringUnitName: line.measuringUnitName,
    currency: line.currency,
    quantity: line.quantity,
    price: line.price,
    isTaxIncluded: false,
    ...(line.taxName.trim() ? { taxName: line.taxName } : {}),
    taxPercentage: line.taxPercentage,
    saveToDb: line.saveToDb,
    isService: line.service,
  };
  if (useStock) {
    // SmartBill wants the warehouse on every line that discharges stock; services take none.
    const warehouseName = line.warehouseName.trim() ? line.warehouseName : defaultWarehouseName;
    if (warehouseName) product.warehouseName = warehouseName;
  }
  return product;
}
