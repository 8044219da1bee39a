/**
 * What a ZIP from ANAF's `descarcare` holds: `<id>.xml`, the signed invoice (UBL Invoice or
 * CreditNote) or ANAF's error file (namespace mfp:anaf:dgti:efactura:mesajEroriFactuta:v1, its
 * `<Error errorMessage="…"/>`), beside `semnatura_<id>.xml`. Read without trusting it:
 * - the ZIP is bounded (MAX_ZIP_BYTES) and each entry's declared uncompressed size is checked
 *   before it is inflated, and the inflated text again after (a lying header), so a ZIP bomb
 *   cannot fill the memory;
 * - fast-xml-parser expands no external entity (it refuses the document) and here no DOCTYPE
 *   entity at all (processEntities off; only XML's five and character references are decoded),
 *   so an entity bomb stays text;
 * - prefixes are dropped (removeNSPrefix): ANAF and the suppliers' software write `cbc:`, `ns2:`
 *   or a default namespace as they like.
 */
import { XMLParser } from "fast-xml-parser";
import JSZip from "jszip";

/** The largest ZIP read (ANAF's are tens of KB; an invoice with thousands of lines a few MB). */
export const MAX_ZIP_BYTES = 10 * 1024 * 1024;
/** The largest XML file inflated from it. */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

export class UnreadableZip extends Error {
  override name = "UnreadableZip";
}

export interface UblParty {
  name: string | null;
  cif: string | null;
}

export interface UblInvoice {
  kind: "invoice";
  /** Invoice or CreditNote. */
  documentType: "Invoice" | "CreditNote";
  /** cbc:ID: series and number as the issuer wrote them. */
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  supplier: UblParty;
  buyer: UblParty;
  total: number | null;
  currency: string | null;
}

export interface AnafErrors {
  kind: "errors";
  /** The errors' messages, one a line. */
  text: string;
}

export type SpvDocument = UblInvoice | AnafErrors;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type Node = Record<string, unknown>;

/** The ZIP's `<id>.xml` (the one not named semnatura_…), read and parsed. */
export async function readSpvZip(zip: Uint8Array): Promise<SpvDocument> {
  if (zip.byteLength > MAX_ZIP_BYTES) throw new UnreadableZip(`the ZIP has ${zip.byteLength} bytes, more than ${MAX_ZIP_BYTES}`);
  let archive: JSZip;
  try {
    archive = await JSZip.loadAsync(zip, { checkCRC32: false });
  } catch (error) {
    throw new UnreadableZip(`not a ZIP: ${(error as Error).message}`);
  }
  const entries = Object.values(archive.files).filter((file) => !file.dir && /\.xml$/i.test(file.name) && !/(^|\/)semnatura_/i.test(file.name));
  if (entries.length !== 1) throw new UnreadableZip(`expected one XML besides the signature, found ${entries.length}`);
  const [entry] = entries;
  // jszip keeps each entry's declared size from the central directory.
  const declared = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
  if (typeof declared !== "number" || declared > MAX_XML_BYTES) throw new UnreadableZip(`${entry.name} declares ${declared} bytes uncompressed`);
  const bytes = await entry.async("uint8array");
  if (bytes.byteLength > MAX_XML_BYTES) throw new UnreadableZip(`${entry.name} inflates to more than ${MAX_XML_BYTES} bytes`);
  return parseSpvXml(Buffer.from(bytes).toString("utf8"));
}

/** An invoice (Invoice / CreditNote) or ANAF's error file, from its XML text. */
export function parseSpvXml(xml: string): SpvDocument {
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new UnreadableZip(`not XML: ${(error as Error).message}`);
  }
  const errorRoot = Object.entries(document).find(([name]) => name !== "?xml" && isObject(document[name]) && "Error" in (document[name] as Node));
  if (errorRoot) {
    const messages = list((errorRoot[1] as Node).Error)
      .map((error) => (isObject(error) ? text(error["@_errorMessage"]) : null))
      .filter((message): message is string => !!message);
    return { kind: "errors", text: messages.join("\n") };
  }
  const documentType = "Invoice" in document ? "Invoice" : "CreditNote" in document ? "CreditNote" : undefined;
  if (!documentType) throw new UnreadableZip(`neither an invoice nor ANAF's errors (root ${Object.keys(document).filter((k) => k !== "?xml").join(", ")})`);
  const root = document[documentType] as Node;
  if (!isObject(root)) throw new UnreadableZip(`an empty ${documentType}`);
  const totals = child(root, "LegalMonetaryTotal");
  const amount = child(totals, "PayableAmount") ?? child(totals, "TaxInclusiveAmount");
  const total = amount === undefined ? null : Number(text(amount));
  const currency = (isObject(amount) ? text(amount["@_currencyID"]) : null) ?? text(child(root, "DocumentCurrencyCode"));
  return {
    kind: "invoice",
    documentType,
    number: text(child(root, "ID")),
    issueDate: text(child(root, "IssueDate")),
    // A credit note has no DueDate of its own; its PaymentMeans may.
    dueDate: text(child(root, "DueDate")) ?? text(child(child(root, "PaymentMeans"), "PaymentDueDate")),
    supplier: party(child(child(root, "AccountingSupplierParty"), "Party")),
    buyer: party(child(child(root, "AccountingCustomerParty"), "Party")),
    total: total !== null && Number.isFinite(total) ? total : null,
    currency,
  };
}

function party(node: unknown): UblParty {
  const legal = child(node, "PartyLegalEntity");
  const name = text(child(legal, "RegistrationName")) ?? text(child(child(node, "PartyName"), "Name"));
  const cif = text(child(child(node, "PartyTaxScheme"), "CompanyID")) ?? text(child(legal, "CompanyID"));
  return { name, cif };
}

function isObject(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function list(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The first element named `name` under `node`. */
function child(node: unknown, name: string): unknown {
  if (!isObject(node)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's own five entities and character references; a DOCTYPE's entities are never expanded (they stay as written). */
export function decodeXmlText(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An element's text (or an attribute's value), trimmed and decoded; null when empty or absent. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (isObject(value)) return text(value["#text"]);
  const result = decodeXmlText(String(value)).trim();
  return result === "" ? null : result;
}
