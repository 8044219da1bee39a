/**
 * The XML files of a message's ZIP: a UBL 2.1 invoice (380) or credit note (381) shaped like
 * RO_CIUS (cbc:ID = series and number, dates, both parties with their tax and legal ids,
 * addresses with ISO 3166-2:RO subdivisions, VAT breakdown, LegalMonetaryTotal in the document's
 * currency), ANAF's error file for ERORI FACTURA, and the Ministry of Finance's signature (an
 * XMLDSig over the file's SHA-256; the emulator's key is no real one).
 */
import { createHash, createHmac } from "node:crypto";
import type { SpvDocument, SpvLine, SpvMessage, SpvParty } from "./messages";

export const RO_CIUS_CUSTOMIZATION = "urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1";
export const ERROR_FILE_NAMESPACE = "mfp:anaf:dgti:efactura:mesajEroriFactuta:v1";

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const amount = (value: number) => value.toFixed(2);
const quantity = (value: number) => String(Math.round(value * 1000) / 1000);

function party(tag: "AccountingSupplierParty" | "AccountingCustomerParty", p: SpvParty): string {
  const taxScheme = p.vatId
    ? `<cac:PartyTaxScheme><cbc:CompanyID>${escapeXml(p.vatId)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
    : "";
  return (
    `<cac:${tag}><cac:Party>` +
    `<cac:PostalAddress><cbc:StreetName>${escapeXml(p.street)}</cbc:StreetName><cbc:CityName>${escapeXml(p.city)}</cbc:CityName>` +
    (p.subdivision ? `<cbc:CountrySubentity>${escapeXml(p.subdivision)}</cbc:CountrySubentity>` : "") +
    `<cac:Country><cbc:IdentificationCode>${escapeXml(p.country)}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>` +
    taxScheme +
    `<cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(p.name)}</cbc:RegistrationName><cbc:CompanyID>${escapeXml(p.cif)}</cbc:CompanyID></cac:PartyLegalEntity>` +
    `</cac:Party></cac:${tag}>`
  );
}

function category(percent: number): string {
  return percent > 0 ? "S" : "O";
}

function taxCategory(percent: number, tag: "TaxCategory" | "ClassifiedTaxCategory"): string {
  const code = category(percent);
  return (
    `<cac:${tag}><cbc:ID>${code}</cbc:ID>` +
    (code === "O" ? "" : `<cbc:Percent>${amount(percent)}</cbc:Percent>`) +
    (code === "O" && tag === "TaxCategory" ? "<cbc:TaxExemptionReasonCode>VATEX-EU-O</cbc:TaxExemptionReasonCode>" : "") +
    `<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`
  );
}

function line(doc: SpvDocument, l: SpvLine, index: number): string {
  const tag = doc.kind === "invoice" ? "InvoiceLine" : "CreditNoteLine";
  const quantityTag = doc.kind === "invoice" ? "InvoicedQuantity" : "CreditedQuantity";
  return (
    `<cac:${tag}><cbc:ID>${index + 1}</cbc:ID>` +
    `<cbc:${quantityTag} unitCode="${l.unitCode}">${quantity(l.quantity)}</cbc:${quantityTag}>` +
    `<cbc:LineExtensionAmount currencyID="${doc.currency}">${amount(l.net)}</cbc:LineExtensionAmount>` +
    `<cac:Item><cbc:Name>${escapeXml(l.name)}</cbc:Name>${taxCategory(l.vatPercent, "ClassifiedTaxCategory")}</cac:Item>` +
    `<cac:Price><cbc:PriceAmount currencyID="${doc.currency}">${amount(l.price)}</cbc:PriceAmount></cac:Price>` +
    `</cac:${tag}>`
  );
}

/** The UBL 2.1 XML of an invoice or credit note. */
export function ublXml(doc: SpvDocument): string {
  const root = doc.kind === "invoice" ? "Invoice" : "CreditNote";
  const namespace = `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
  const byRate = new Map<number, number>();
  for (const l of doc.lines) byRate.set(l.vatPercent, (byRate.get(l.vatPercent) ?? 0) + l.net);
  const subtotals = [...byRate.entries()]
    .map(
      ([percent, net]) =>
        `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="${doc.currency}">${amount(net)}</cbc:TaxableAmount>` +
        `<cbc:TaxAmount currencyID="${doc.currency}">${amount((net * percent) / 100)}</cbc:TaxAmount>${taxCategory(percent, "TaxCategory")}</cac:TaxSubtotal>`,
    )
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="${namespace}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ` +
    `xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">` +
    `<cbc:UBLVersionID>2.1</cbc:UBLVersionID>` +
    `<cbc:CustomizationID>${RO_CIUS_CUSTOMIZATION}</cbc:CustomizationID>` +
    `<cbc:ID>${escapeXml(doc.number)}</cbc:ID>` +
    `<cbc:IssueDate>${doc.issueDate}</cbc:IssueDate>` +
    (doc.dueDate && doc.kind === "invoice" ? `<cbc:DueDate>${doc.dueDate}</cbc:DueDate>` : "") +
    (doc.kind === "invoice" ? "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>" : "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>") +
    `<cbc:DocumentCurrencyCode>${doc.currency}</cbc:DocumentCurrencyCode>` +
    (doc.currency === "RON" ? "" : "<cbc:TaxCurrencyCode>RON</cbc:TaxCurrencyCode>") +
    (doc.billingReference
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${escapeXml(doc.billingReference)}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>`
      : "") +
    party("AccountingSupplierParty", doc.supplier) +
    party("AccountingCustomerParty", doc.customer) +
    (doc.dueDate && doc.kind === "creditNote" ? `<cac:PaymentMeans><cbc:PaymentMeansCode>42</cbc:PaymentMeansCode><cbc:PaymentDueDate>${doc.dueDate}</cbc:PaymentDueDate></cac:PaymentMeans>` : "") +
    `<cac:TaxTotal><cbc:TaxAmount currencyID="${doc.currency}">${amount(doc.totalVat)}</cbc:TaxAmount>${subtotals}</cac:TaxTotal>` +
    `<cac:LegalMonetaryTotal>` +
    `<cbc:LineExtensionAmount currencyID="${doc.currency}">${amount(doc.totalNet)}</cbc:LineExtensionAmount>` +
    `<cbc:TaxExclusiveAmount currencyID="${doc.currency}">${amount(doc.totalNet)}</cbc:TaxExclusiveAmount>` +
    `<cbc:TaxInclusiveAmount currencyID="${doc.currency}">${amount(doc.total)}</cbc:TaxInclusiveAmount>` +
    `<cbc:PayableAmount currencyID="${doc.currency}">${amount(doc.total)}</cbc:PayableAmount>` +
    `</cac:LegalMonetaryTotal>` +
    doc.lines.map((l, index) => line(doc, l, index)).join("") +
    `</${root}>`
  );
}

/** ANAF's error file of an ERORI FACTURA message. */
export function errorFileXml(message: SpvMessage): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<header xmlns="${ERROR_FILE_NAMESPACE}" Index_incarcare="${message.idSolicitare}" Cif_emitent="${escapeXml(message.issuerCif)}">` +
    (message.errors ?? []).map((error) => `<Error errorMessage="${escapeXml(error)}"/>`).join("") +
    `</header>`
  );
}

/** The signature file over `signed` (semnatura_<id>.xml). */
export function signatureXml(signed: string, fileName: string, key: string): string {
  const digest = createHash("sha256").update(signed).digest("base64");
  const value = createHmac("sha256", key).update(digest).digest("base64");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>` +
    `<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>` +
    `<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>` +
    `<Reference URI="${escapeXml(fileName)}"><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `<DigestValue>${digest}</DigestValue></Reference></SignedInfo>` +
    `<SignatureValue>${value}</SignatureValue>` +
    `<KeyInfo><X509Data><X509SubjectName>CN=MINISTERUL FINANTELOR PUBLICE (EMULATOR),O=MFP,C=RO</X509SubjectName></X509Data></KeyInfo>` +
    `</Signature>`
  );
}
