/**
 * What a ZIP from ANAF's `descarcare` holds: `<id>.xml`, the signed invoice (UBL Invoice or
 * CreditNote) or ANAF's error file (namespace mfp:anaf:dgti:efactura:mesajEroriFactuta:v1, its
 * `<Error errorMessage="…"/>`), beside `semnatura_<id>.xml`. Read without trusting it:
 * - the ZIP is bounded (MAX_ZIP_BYTES) and each entry's declared uncompressed size is checked
 *   before it is inflated, and the inflated bytes counted as they come (a lying header), so a ZIP bomb
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
  return parseSpvXml(await boundedEntryText(entries[0]));
}

interface EntryStream {
  on(event: "data", listener: (chunk: Uint8Array) => void): EntryStream;
  on(event: "error", listener: (error: Error) => void): EntryStream;
  on(event: "end", listener: () => void): EntryStream;
  pause(): EntryStream;
  resume(): EntryStream;
}

/**
 * The entry's text, inflated at most MAX_XML_BYTES: the declared size is checked first, then the
 * inflated bytes are counted as they come and the inflation stopped past the bound, because a
 * header can lie (jszip itself compares the sizes only after inflating everything into memory,
 * so a 10 MB ZIP could take gigabytes first).
 */
export function boundedEntryText(entry: JSZip.JSZipObject, maxBytes = MAX_XML_BYTES): Promise<string> {
  // jszip keeps each entry's declared size from the central directory.
  const declared = (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize;
  if (typeof declared !== "number" || declared > maxBytes) return Promise.reject(new UnreadableZip(`${entry.name} declares ${declared} bytes uncompressed`));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    // jszip's own streaming reader (not in its typings), which inflates chunk by chunk.
    const stream = (entry as unknown as { internalStream(type: "uint8array"): EntryStream }).internalStream("uint8array");
    stream
      .on("data", (chunk: Uint8Array) => {
        if (done) return;
        size += chunk.byteLength;
        if (size > maxBytes) {
          done = true;
          stream.pause();
          reject(new UnreadableZip(`${entry.name} inflates to more than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      })
      .on("error", (error: Error) => {
        if (done) return;
        done = true;
        reject(new UnreadableZip(`${entry.name} cannot be inflated: ${error.message}`));
      })
      .on("end", () => {
        if (done) return;
        done = true;
        resolve(Buffer.concat(chunks).toString("utf8"));
      })
      .resume();
  });
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
