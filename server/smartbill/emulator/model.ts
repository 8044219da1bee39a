/**
 * The emulator's state: accounts (e-mail, token, the companies they may use) and companies with
 * their settings, series, taxes, units, warehouses with stock and issued invoices. Plain JSON,
 * so the admin API can show and replace it as is.
 */
import type { SeriesType, WarehouseType } from "../types";

export interface EmulatorAccount {
  /** The login e-mail (compared ignoring case). */
  username: string;
  token: string;
  /** CIFs of the companies this account has rights on. */
  cifs: string[];
}

export interface EmulatorSeries {
  name: string;
  type: SeriesType;
  nextNumber: number;
}

export interface EmulatorStockItem {
  code: string;
  name: string;
  unit: string;
  quantity: number;
}

export interface EmulatorWarehouse {
  name: string;
  type: WarehouseType;
  products: EmulatorStockItem[];
}

export interface EmulatorInvoiceLine {
  name: string;
  code?: string;
  measuringUnitName?: string;
  quantity: number;
  price: number;
  taxName?: string;
  taxPercentage: number;
  isDiscount: boolean;
  isService: boolean;
  warehouseName?: string;
  /** Net value, VAT and total of the line, rounded to the invoice's precision. */
  net: number;
  vat: number;
  total: number;
}

export interface EmulatorInvoice {
  documentId: number;
  series: string;
  /** "" for a draft. */
  number: string;
  isDraft: boolean;
  issueDate: string;
  /** The body's dueDate, when it named one (e-Factura's UBL carries it). */
  dueDate?: string;
  currency: string;
  precision: number;
  client: { name: string; vatCode?: string; country?: string; email?: string };
  lines: EmulatorInvoiceLine[];
  totalNet: number;
  totalVat: number;
  total: number;
  /** Paid at issue plus the payments recorded against it since. */
  paid: number;
  /** What was discharged from stock (negative on a storno: it came back), undone on cancel or delete. */
  discharged: { warehouseName: string; code: string; quantity: number }[];
  createdAt: string;
  /** PUT /invoice/cancel; PUT /invoice/restore clears it. */
  cancelled?: boolean;
  /** On a storno: the invoice it reverses. */
  reverses?: DocumentRef;
  /** On a reversed invoice: its storno. */
  reversedBy?: DocumentRef;
  /** On an invoice issued from a proforma (useEstimateDetails): that proforma. */
  fromEstimate?: DocumentRef;
}

/** A document as SmartBill's calls name it: series and number as printed ("0007"). */
export interface DocumentRef {
  series: string;
  number: string;
}

/** POST /payment: one payment, against the invoices it names (or none). */
export interface EmulatorPayment {
  id: number;
  /** As SmartBill's list spells it (the request's case is forgiven). */
  type: string;
  issueDate: string;
  value: number;
  isCash: boolean;
  clientName: string;
  clientCif: string;
  /** What it paid on each invoice. */
  invoices: (DocumentRef & { value: number })[];
  /** A Chitanta's own series and number; a Bon's number (it has no series). */
  series?: string;
  number?: string;
  /** A Bon's text for the cash register (bon.inp), Base64, as GET /payment/text answers it. */
  printerText?: string;
  createdAt: string;
}

export interface EmulatorCompany {
  cif: string;
  name: string;
  vatPayer: boolean;
  /** "Foloseste cod produs": lines need `code`; stock is matched by code. */
  usesProductCodes: boolean;
  stockModuleActive: boolean;
  emailServerConfigured: boolean;
  taxes: { name: string; percentage: number }[];
  series: EmulatorSeries[];
  measuringUnits: string[];
  currencies: string[];
  languages: string[];
  warehouses: EmulatorWarehouse[];
  invoices: EmulatorInvoice[];
  payments: EmulatorPayment[];
  nextDocumentId: number;
  /** Proformas (POST /estimate), kept as invoices are: same lines, totals, drafts and cancel. */
  estimates: EmulatorInvoice[];
}

/** A company as a seed may give it: everything but the CIF has a default. */
export type EmulatorCompanySeed = Partial<EmulatorCompany> & { cif: string };

export interface EmulatorState {
  accounts: EmulatorAccount[];
  companies: EmulatorCompany[];
}

export const CURRENCIES = [
  "RON", "EUR", "USD", "GBP", "CAD", "AUD", "CHF", "TRY", "CZK", "DKK", "HUF", "MDL", "SEK", "NOK", "JPY",
  "EGP", "PLN", "RUB", "AED", "BRL", "CNY", "HRK", "INR", "KRW", "MXN", "NZD", "RSD", "THB", "UAH", "XDR", "ZAR",
];

export const LANGUAGES = ["RO", "EN", "DE", "FR", "IT", "ES"];

/** The taxes of 2026 (SPEC26): 19, 9 and 5 no longer exist in law. */
export const TAXES_2026 = [
  { name: "Normala", percentage: 21 },
  { name: "Redusa", percentage: 11 },
  { name: "Taxare inversa", percentage: 0 },
];

export function completeCompany(seed: EmulatorCompanySeed): EmulatorCompany {
  const copy = structuredClone(seed);
  return {
    name: copy.cif,
    vatPayer: true,
    usesProductCodes: true,
    stockModuleActive: true,
    emailServerConfigured: false,
    taxes: TAXES_2026,
    series: [],
    measuringUnits: ["buc"],
    currencies: CURRENCIES,
    languages: LANGUAGES,
    warehouses: [],
    invoices: [],
    payments: [],
    nextDocumentId: 20001,
    estimates: [],
    ...copy,
  };
}

export function buildState(accounts: EmulatorAccount[], companies: EmulatorCompanySeed[]): EmulatorState {
  return { accounts: structuredClone(accounts), companies: companies.map(completeCompany) };
}
