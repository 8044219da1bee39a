/**
 * Reading ANAF's download ZIPs (server/efactura/ubl.ts): a signed UBL invoice or credit note
 * gives its number, dates, parties and total whatever its namespace prefixes; ANAF's error file
 * gives its messages; ZIP and XML bombs, lying headers and foreign files are refused, not read.
 */
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { MAX_XML_BYTES, parseSpvXml, readSpvZip, UnreadableZip } from "../../server/efactura/ubl";
import { sameInvoiceNumber, textNamesInvoice } from "../../server/tasks/kinds/efacturaSync";

const invoiceXml = (root = "Invoice", id = "SBL 0004") => `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>${id}</cbc:ID>
  <cbc:IssueDate>2026-09-01</cbc:IssueDate>
  <cbc:DueDate>2026-09-15</cbc:DueDate>
  <cbc:DocumentCurrencyCode>RON</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyTaxScheme><cbc:CompanyID>RO18547290</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Furnizor Ștefan &amp; Fiii SRL</cbc:RegistrationName><cbc:CompanyID>J40/1/2020</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PartyLegalEntity><cbc:RegistrationName>Client SRL</cbc:RegistrationName><cbc:CompanyID>12345678</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">121.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
</${root}>`;

const errorXml = `<?xml version="1.0" encoding="UTF-8"?>
<header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="3828" Cif_emitent="18547290">
  <Error errorMessage="E: validari globale eroare: [BR-RO-100] Factura SBL0004: Daca Codul tarii cumparatorului (BT-55) este &quot;RO&quot;, atunci ..."/>
  <Error errorMessage="E: [BR-CO-15] total"/>
</header>`;

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content);
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

describe("ANAF's download ZIP (ubl.ts)", () => {
  it("reads a signed invoice: number, dates, supplier and buyer with their CIFs, payable amount and its currency", async () => {
    const document = await readSpvZip(await zipOf({ "4001.xml": invoiceXml(), "semnatura_4001.xml": "<Signature/>" }));
    expect(document).toEqual({
      kind: "invoice",
      documentType: "Invoice",
      number: "SBL 0004",
      issueDate: "2026-09-01",
      dueDate: "2026-09-15",
      supplier: { name: "Furnizor Ștefan & Fiii SRL", cif: "RO18547290" },
      buyer: { name: "Client SRL", cif: "12345678" },
      total: 121,
      currency: "EUR",
    });
  });

  it("reads a credit note, and an invoice written with other prefixes (ns2:, no prefix)", async () => {
    expect(parseSpvXml(invoiceXml("CreditNote"))).toMatchObject({ kind: "invoice", documentType: "CreditNote", number: "SBL 0004", total: 121 });
    const prefixed = invoiceXml().replaceAll("cbc:", "ns2:").replaceAll("xmlns:ns2", "xmlns:x").replace("xmlns:cbc", "xmlns:ns2");
    expect(parseSpvXml(prefixed)).toMatchObject({ number: "SBL 0004", issueDate: "2026-09-01", supplier: { cif: "RO18547290" } });
  });

  it("reads ANAF's error file: its messages, one a line", async () => {
    const document = await readSpvZip(await zipOf({ "4002.xml": errorXml, "semnatura_4002.xml": "<Signature/>" }));
    expect(document.kind).toBe("errors");
    expect(document.kind === "errors" && document.text.split("\n")).toEqual([
      'E: validari globale eroare: [BR-RO-100] Factura SBL0004: Daca Codul tarii cumparatorului (BT-55) este "RO", atunci ...',
      "E: [BR-CO-15] total",
    ]);
  });

  it("expands no entity: a billion-laughs invoice stays text, and a document with an external entity is refused", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
      <Invoice><ID>&lol2;</ID></Invoice>`;
    expect(parseSpvXml(bomb)).toMatchObject({ kind: "invoice", number: "&lol2;" });
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice><ID>&xxe;</ID></Invoice>`;
    expect(() => parseSpvXml(external)).toThrow(UnreadableZip);
  });

  it("refuses a ZIP bomb before inflating it, a file that is no ZIP, and a ZIP without exactly one document", async () => {
    const huge = new Uint8Array(MAX_XML_BYTES + 1).fill(32);
    await expect(readSpvZip(await zipOf({ "1.xml": huge }))).rejects.toThrow(UnreadableZip);
    await expect(readSpvZip(new TextEncoder().encode("<html>firewall</html>"))).rejects.toThrow(UnreadableZip);
    await expect(readSpvZip(await zipOf({ "semnatura_1.xml": "<x/>" }))).rejects.toThrow(UnreadableZip);
    await expect(readSpvZip(await zipOf({ "1.xml": "<Something/>" }))).rejects.toThrow(UnreadableZip);
  });
});

describe("matching an SPV message to a sent invoice", () => {
  it("compares series and number normalised (case, spaces, dashes, slashes) and tolerates the number's leading zeros", () => {
    expect(sameInvoiceNumber("SBL0004", "SBL", "0004")).toBe(true);
    expect(sameInvoiceNumber("sbl-4", "SBL", "0004")).toBe(true);
    expect(sameInvoiceNumber("SBL / 0004", "sbl", "4")).toBe(true);
    expect(sameInvoiceNumber("SBL0014", "SBL", "0004")).toBe(false);
    expect(sameInvoiceNumber("XSBL0004", "SBL", "0004")).toBe(false);
    expect(sameInvoiceNumber("SBL00040", "SBL", "0004")).toBe(false);
  });

  it("finds the invoice an error text names as a word of its own, not inside a longer number", () => {
    const text = "E: validari globale eroare: [BR-RO-100] Factura SBL0004: Daca Codul tarii";
    expect(textNamesInvoice(text, "SBL", "0004")).toBe(true);
    expect(textNamesInvoice(text, "SBL", "4")).toBe(true);
    expect(textNamesInvoice(text, "SBL", "00041")).toBe(false);
    expect(textNamesInvoice("Factura SBL00041:", "SBL", "0004")).toBe(false);
    expect(textNamesInvoice(text, "BL", "0004")).toBe(false);
    expect(textNamesInvoice("Factura SBL-0004 respinsa", "SBL", "0004")).toBe(true);
  });
});
