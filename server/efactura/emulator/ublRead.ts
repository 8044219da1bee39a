/**
 * What `transformare` reads from a UBL invoice or credit note to print it: number, dates,
 * currency, both parties, lines and totals. Namespace prefixes are dropped; values kept as text.
 */
import { XMLParser } from "fast-xml-parser";

export interface ReadUbl {
  kind: "invoice" | "creditNote";
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  supplier: { name: string; cif: string; vatId: string };
  customer: { name: string; cif: string; vatId: string };
  lines: { name: string; quantity: string; unitCode: string; price: string; net: string }[];
  totalNet: string;
  totalVat: string;
  total: string;
}

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, attributeNamePrefix: "@_", parseTagValue: false, parseAttributeValue: false });

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (typeof value === "object" && value !== null ? (value as Node) : {});
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const textOf = (value: unknown): string => {
  const one = first(value);
  if (typeof one === "string" || typeof one === "number") return String(one).trim();
  const inner = node(one)["#text"];
  return inner === undefined ? "" : String(inner).trim();
};

function partyOf(value: unknown) {
  const party = node(node(first(value)).Party);
  const legal = node(first(party.PartyLegalEntity));
  const tax = node(first(party.PartyTaxScheme));
  const name = textOf(legal.RegistrationName) || textOf(node(first(party.PartyName)).Name);
  return { name, cif: textOf(legal.CompanyID), vatId: textOf(tax.CompanyID) };
}

/** The document, or undefined when the text is no UBL Invoice or CreditNote. */
export function readUbl(xml: string): ReadUbl | undefined {
  let parsed: Node;
  try {
    parsed = parser.parse(xml, true) as Node;
  } catch {
    return undefined;
  }
  const kind = parsed.Invoice ? "invoice" : parsed.CreditNote ? "creditNote" : undefined;
  if (!kind) return undefined;
  const root = node(kind === "invoice" ? parsed.Invoice : parsed.CreditNote);
  const rawLines = root[kind === "invoice" ? "InvoiceLine" : "CreditNoteLine"];
  const lines = (Array.isArray(rawLines) ? rawLines : rawLines ? [rawLines] : []).map((raw) => {
    const line = node(raw);
    const quantity = first(line[kind === "invoice" ? "InvoicedQuantity" : "CreditedQuantity"]);
    return {
      name: textOf(node(first(line.Item)).Name),
      quantity: textOf(quantity),
      unitCode: String(node(quantity)["@_unitCode"] ?? ""),
      price: textOf(node(first(line.Price)).PriceAmount),
      net: textOf(line.LineExtensionAmount),
    };
  });
  const totals = node(first(root.LegalMonetaryTotal));
  return {
    kind,
    number: textOf(root.ID),
    issueDate: textOf(root.IssueDate),
    dueDate: textOf(root.DueDate) || textOf(node(first(root.PaymentMeans)).PaymentDueDate),
    currency: textOf(root.DocumentCurrencyCode),
    supplier: partyOf(root.AccountingSupplierParty),
    customer: partyOf(root.AccountingCustomerParty),
    lines,
    totalNet: textOf(totals.TaxExclusiveAmount) || textOf(totals.LineExtensionAmount),
    totalVat: textOf(node(first(root.TaxTotal)).TaxAmount),
    total: textOf(totals.PayableAmount) || textOf(totals.TaxInclusiveAmount),
  };
}

/** RO_CIUS-like checks `transformare` makes without /DA; ANAF's message form. */
export function ublProblems(document: ReadUbl): string[] {
  const problems: string[] = [];
  if (!document.number) problems.push("E: validari globale eroare: [BR-02] O factura trebuie sa aiba un numar de factura (BT-1).");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(document.issueDate)) problems.push("E: validari globale eroare: [BR-03] O factura trebuie sa aiba o data de emitere a facturii (BT-2).");
  if (!document.currency) problems.push("E: validari globale eroare: [BR-05] O factura trebuie sa aiba un cod de moneda a facturii (BT-5).");
  if (!document.supplier.name) problems.push("E: validari globale eroare: [BR-06] O factura trebuie sa contina numele vanzatorului (BT-27).");
  if (!document.customer.name) problems.push("E: validari globale eroare: [BR-07] O factura trebuie sa contina numele cumparatorului (BT-44).");
  if (!document.total) problems.push("E: validari globale eroare: [BR-15] O factura trebuie sa aiba suma de plata (BT-115).");
  if (document.lines.length === 0) problems.push("E: validari globale eroare: [BR-16] O factura trebuie sa aiba cel putin o linie a facturii (BG-25).");
  return problems;
}
