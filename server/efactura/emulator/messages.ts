/**
 * SPV's messages as the emulator keeps them: one per upload result or received invoice, with the
 * document its ZIP holds (a UBL invoice or credit note) or, for 'ERORI FACTURA', ANAF's errors.
 * Built from what the SmartBill emulator issued (FACTURA TRIMISA, or ERORI FACTURA when the
 * number ends in 4 or 9) and seeded with supplier invoices (FACTURA PRIMITA).
 */
import { ANAF_DEMO_COMPANIES, ANAF_DEMO_CUIS } from "../../anaf/emulator/companies";
import type { IssuedDocument } from "../../smartbill/emulator/issuedDocuments";
import { fromBucharestWallClock, romanianDate } from "../../smartbill/bucharestTime";
import { cifDigits } from "./settings";

export const SPV_TIP = {
  sent: "FACTURA TRIMISA",
  received: "FACTURA PRIMITA",
  errors: "ERORI FACTURA",
  buyerReceived: "MESAJ CUMPARATOR PRIMIT",
  buyerSent: "MESAJ CUMPARATOR TRANSMIS",
} as const;
export type SpvTip = (typeof SPV_TIP)[keyof typeof SPV_TIP];

/** listaMesaje's `filtru`: E errors, T sent, P received, R the buyer's messages. */
export const FILTER_TIPS: Record<string, readonly SpvTip[]> = {
  E: [SPV_TIP.errors],
  T: [SPV_TIP.sent],
  P: [SPV_TIP.received],
  R: [SPV_TIP.buyerReceived, SPV_TIP.buyerSent],
};

export interface SpvParty {
  name: string;
  /** The registration code, digits ("40671760"); for a person (B2C) the 13 zeros ANAF takes. */
  cif: string;
  /** The VAT id ("RO40671760"), for a VAT payer only. */
  vatId?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  city: string;
  /** ISO 3166-2:RO for Romania ("RO-B"). */
  subdivision?: string;
  street: string;
}

export interface SpvLine {
  name: string;
  quantity: number;
  /** UN/ECE rec 20 code (H87 piece, KGM, HUR). */
  unitCode: string;
  price: number;
  net: number;
  vatPercent: number;
}

/** What a message's UBL says: what the product reads back to match it to an invoice. */
export interface SpvDocument {
  kind: "invoice" | "creditNote";
  /** cbc:ID: series and number as the issuer printed them, e.g. "SBL0004". */
  number: string;
  issueDate: string;
  dueDate?: string;
  currency: string;
  supplier: SpvParty;
  customer: SpvParty;
  lines: SpvLine[];
  totalNet: number;
  totalVat: number;
  total: number;
  /** A credit note's invoice (cac:BillingReference). */
  billingReference?: string;
}

export interface SpvMessage {
  /** The download id (numeric text). */
  id: string;
  tip: SpvTip;
  /** The upload index (numeric text). */
  idSolicitare: string;
  /** The CIF (digits) whose SPV holds it. */
  cif: string;
  detalii: string;
  /** When SPV made it (epoch ms, the emulator's clock). */
  createdAt: number;
  /** The invoice or credit note of the ZIP (absent for ERORI FACTURA). */
  document?: SpvDocument;
  /** ERORI FACTURA: ANAF's errors, each one <Error errorMessage="…"/>. */
  errors?: string[];
  /** The issuer's CIF (the error file's Cif_emitent). */
  issuerCif: string;
}

/** data_creare: YYYYMMDDHHmm in Romania's time. */
export function spvDateTime(epochMs: number): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Bucharest",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(epochMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}${part("month")}${part("day")}${part("hour")}${part("minute")}`;
}

/** The message as listaMesaje* lists it, in ANAF's field order. */
export function listedMessage(message: SpvMessage) {
  return {
    data_creare: spvDateTime(message.createdAt),
    cif: message.cif,
    id_solicitare: message.idSolicitare,
    detalii: message.detalii,
    tip: message.tip,
    id: message.id,
  };
}

/** The realistic ANAF rejection the emulator gives an invoice whose number ends in 4 or 9; it names the invoice. */
export function rejectionText(number: string): string {
  return (
    `E: validari globale eroare: [BR-RO-100] Factura ${number}: Daca Codul tarii cumparatorului (BT-55) este "RO", ` +
    "atunci Subdiviziunea tarii cumparatorului (BT-54) trebuie sa fie codificata folosind lista de coduri ISO 3166-2:RO"
  );
}

/** SmartBill's invoices whose number ends in 4 or 9 are rejected by the emulated SPV. */
export function isRejectedNumber(number: string): boolean {
  return /[49]$/.test(number.trim());
}

const UNIT_CODES: Record<string, string> = { buc: "H87", kg: "KGM", ore: "HUR", ora: "HUR", h: "HUR", l: "LTR", m: "MTR" };

const COUNTRIES: Record<string, string> = { romania: "RO", "românia": "RO", ro: "RO", germania: "DE", franta: "FR", "franța": "FR", italia: "IT", spania: "ES", ungaria: "HU", bulgaria: "BG", "republica moldova": "MD", moldova: "MD" };

function countryCode(country: string | undefined): string {
  const key = (country ?? "").trim().toLowerCase();
  if (!key) return "RO";
  return COUNTRIES[key] ?? (key.length === 2 ? key.toUpperCase() : "RO");
}

/** The document SmartBill's issued invoice (or storno) becomes in SPV: the UBL's content. */
export function documentOfIssued(issued: IssuedDocument): SpvDocument {
  const { invoice } = issued;
  const storno = Boolean(invoice.reverses);
  // A credit note states positive amounts: that it credits is its type (381).
  const sign = storno ? -1 : 1;
  const supplierCif = cifDigits(issued.cif);
  const buyerCode = invoice.client.vatCode?.trim() ?? "";
  const buyerDigits = buyerCode ? cifDigits(buyerCode) : "";
  const buyerCountry = countryCode(invoice.client.country);
  return {
    kind: storno ? "creditNote" : "invoice",
    number: `${invoice.series}${invoice.number}`,
    issueDate: invoice.issueDate,
    ...(invoice.dueDate ? { dueDate: invoice.dueDate } : {}),
    currency: invoice.currency,
    supplier: {
      name: issued.companyName,
      cif: supplierCif,
      ...(/^RO/i.test(issued.cif.trim()) ? { vatId: `RO${supplierCif}` } : {}),
      country: "RO",
      city: "SECTOR1",
      subdivision: "RO-B",
      street: "Str. Demo nr. 1",
    },
    customer: {
      name: invoice.client.name,
      cif: buyerDigits || "0000000000000",
      ...(/^RO/i.test(buyerCode) ? { vatId: `RO${buyerDigits}` } : {}),
      country: buyerCountry,
      city: "Bucuresti",
      ...(buyerCountry === "RO" ? { subdivision: "RO-B" } : {}),
      street: "-",
    },
    lines: invoice.lines.map((line) => ({
      name: line.name,
      quantity: sign * line.quantity,
      unitCode: UNIT_CODES[(line.measuringUnitName ?? "").toLowerCase()] ?? "H87",
      price: line.isDiscount ? sign * line.price : line.price,
      net: sign * line.net,
      vatPercent: line.taxPercentage,
    })),
    totalNet: sign * invoice.totalNet,
    totalVat: sign * invoice.totalVat,
    total: sign * invoice.total,
    ...(invoice.reverses ? { billingReference: `${invoice.reverses.series}${invoice.reverses.number}` } : {}),
  };
}

/** The message an issued invoice makes: FACTURA TRIMISA, or ERORI FACTURA naming it. */
export function messageOfIssued(
  issued: IssuedDocument,
  ids: { id: string; idSolicitare: string },
  createdAt: number,
): SpvMessage {
  const document = documentOfIssued(issued);
  const issuerCif = document.supplier.cif;
  if (isRejectedNumber(issued.invoice.number)) {
    return {
      ...ids,
      tip: SPV_TIP.errors,
      cif: issuerCif,
      issuerCif,
      detalii: `Erori de validare identificate la factura primita cu id_incarcare=${ids.idSolicitare}`,
      createdAt,
      errors: [rejectionText(document.number)],
    };
  }
  return {
    ...ids,
    tip: SPV_TIP.sent,
    cif: issuerCif,
    issuerCif,
    detalii: `Factura cu id_incarcare=${ids.idSolicitare} emisa de cif_emitent=${issuerCif} pentru cif_beneficiar=${document.customer.cif}`,
    createdAt,
    document,
  };
}

/** A received invoice's message (FACTURA PRIMITA) in the buyer's SPV. */
export function receivedMessage(
  document: SpvDocument,
  ids: { id: string; idSolicitare: string },
  createdAt: number,
): SpvMessage {
  return {
    ...ids,
    tip: SPV_TIP.received,
    cif: document.customer.cif,
    issuerCif: document.supplier.cif,
    detalii: `Factura cu id_incarcare=${ids.idSolicitare} emisa de cif_emitent=${document.supplier.cif} pentru cif_beneficiar=${document.customer.cif}`,
    createdAt,
    document,
  };
}

/** A Romanian calendar day shifted by whole days ("2026-11-28", -3 → "2026-11-25"). */
function shiftDay(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 10:30 Romanian time of a day `daysBack` before `now`. */
function dayAt(now: number, daysBack: number, hour: number): number {
  const [year, month, day] = shiftDay(romanianDate(now), -daysBack).split("-").map(Number);
  return fromBucharestWallClock({ year, month, day, hour, minute: 30, second: 0 }) ?? now - daysBack * 86_400_000;
}

/**
 * Three supplier invoices the buyer (the demo company) received in the last weeks before `now`:
 * from the ANAF emulator's demo companies (valid CUIs), one in EUR. Each with its message time.
 */
export function seededSupplierInvoices(buyer: { cif: string; name: string }, now: number): { document: SpvDocument; createdAt: number }[] {
  const company = (cui: string) => ANAF_DEMO_COMPANIES.find((c) => c.cui === cui)!;
  const supplier = (cui: string, vatPayer: boolean): SpvParty => {
    const c = company(cui);
    return {
      name: c.name,
      cif: c.cui,
      ...(vatPayer ? { vatId: `RO${c.cui}` } : {}),
      country: "RO",
      city: c.countyPlate === "B" ? "SECTOR3" : c.locality,
      subdivision: `RO-${c.countyPlate}`,
      street: `${c.street} nr. ${c.number}`,
    };
  };
  const customer: SpvParty = {
    name: buyer.name,
    cif: cifDigits(buyer.cif),
    vatId: `RO${cifDigits(buyer.cif)}`,
    country: "RO",
    city: "SECTOR1",
    subdivision: "RO-B",
    street: "Str. Demo nr. 1",
  };
  const invoice = (
    daysBack: number,
    seller: SpvParty,
    number: string,
    currency: string,
    lines: SpvLine[],
  ): { document: SpvDocument; createdAt: number } => {
    const createdAt = dayAt(now, daysBack, 10);
    const issueDate = romanianDate(dayAt(now, daysBack + 1, 12));
    const totalNet = round2(lines.reduce((sum, line) => sum + line.net, 0));
    const totalVat = round2(lines.reduce((sum, line) => sum + (line.net * line.vatPercent) / 100, 0));
    return {
      createdAt,
      document: {
        kind: "invoice",
        number,
        issueDate,
        dueDate: shiftDay(issueDate, 30),
        currency,
        supplier: seller,
        customer,
        lines,
        totalNet,
        totalVat,
        total: round2(totalNet + totalVat),
      },
    };
  };
  return [
    invoice(4, supplier(ANAF_DEMO_CUIS.vatPayerBucharest, true), "EXS2026-0412", "RON", [
      { name: "Abonament licență software noiembrie", quantity: 1, unitCode: "H87", price: 1250, net: 1250, vatPercent: 21 },
      { name: "Ore suport tehnic", quantity: 6, unitCode: "HUR", price: 180, net: 1080, vatPercent: 21 },
    ]),
    invoice(11, supplier(ANAF_DEMO_CUIS.cluj, true), "CLJ 10387", "EUR", [
      { name: "Transport marfă Cluj-Napoca – București", quantity: 1, unitCode: "H87", price: 640, net: 640, vatPercent: 21 },
    ]),
    invoice(19, supplier(ANAF_DEMO_CUIS.nonVatPayer, false), "AMD-0058", "RON", [
      { name: "Reparație mobilier birou", quantity: 3, unitCode: "H87", price: 215.5, net: 646.5, vatPercent: 0 },
    ]),
  ];
}

function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
