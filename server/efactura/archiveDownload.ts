/**
 * An archived SPV ZIP (archive.ts) handed to a clerk: as it is ('Descarcă ZIP semnat': the
 * invoice and the Ministry of Finance's signature, byte for byte what ANAF gave), or as the PDF
 * ANAF's `transformare` makes of the invoice inside it ('Descarcă PDF').
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import JSZip from "jszip";
import { HttpError } from "../errors";
import { attachment } from "../routes/spreadsheetStreams";
import { readArchive, type StoredArchive } from "./archive";
import { EfacturaTransformError, transformToPdf } from "./transform";
import { boundedEntryText } from "./ubl";

export const ARCHIVE_MISSING = "Factura nu are încă o arhivă e-Factura (ZIP-ul semnat de ANAF).";
const ARCHIVE_UNREADABLE = "Arhiva e-Factura a facturii nu poate fi citită.";
const NO_INVOICE_INSIDE = "Arhiva e-Factura nu conține o factură (este un mesaj de erori ANAF).";

/** The ZIP kept for the row, or 404 in Romanian when none is. */
export async function archivedZip(app: FastifyInstance, stored: StoredArchive | undefined): Promise<Buffer> {
  let zip: Buffer | undefined;
  try {
    zip = stored ? await readArchive(app.config.efactura.archiveDir, stored) : undefined;
  } catch (error) {
    // A file named in the row but gone from the folder: the log says which; the clerk, that it is missing.
    app.log.error({ err: error }, "an archived e-Factura ZIP could not be read");
    throw new HttpError(404, ARCHIVE_MISSING);
  }
  if (!zip) throw new HttpError(404, ARCHIVE_MISSING);
  return zip;
}

/** The UBL invoice in an SPV ZIP: its `.xml` entry that is not the signature (`semnatura_<id>.xml`). */
export async function invoiceXmlOf(zip: Buffer): Promise<string | undefined> {
  const archive = await JSZip.loadAsync(zip);
  const entry = Object.values(archive.files).find((file) => !file.dir && /\.xml$/i.test(file.name) && !/^semnatura_/i.test(file.name.split("/").pop() ?? ""));
  // Bounded as the sync's reading is: a kept ZIP the sync found unreadable may still be a bomb.
  return entry ? boundedEntryText(entry) : undefined;
}

/** A file name safe in a header: letters, digits, `_` and `-` of the invoice's number. */
export const downloadName = (number: string | null | undefined, extension: "zip" | "pdf", fallback: string) =>
  `efactura-${(number ?? "").replace(/[^A-Za-z0-9_-]/g, "") || fallback}.${extension}`;

export function sendZip(reply: FastifyReply, zip: Buffer, fileName: string) {
  return reply.header("content-type", "application/zip").header("content-disposition", attachment(fileName)).send(zip);
}

/** ANAF's PDF of the ZIP's invoice; 502 in Romanian when ANAF gives none, 409 when the ZIP holds no invoice. */
export async function sendPdf(app: FastifyInstance, reply: FastifyReply, zip: Buffer, fileName: string) {
  let xml: string | undefined;
  try {
    xml = await invoiceXmlOf(zip);
  } catch {
    throw new HttpError(409, ARCHIVE_UNREADABLE);
  }
  if (!xml || !/<\s*(?:[\w.-]+:)?(?:Invoice|CreditNote)[\s>]/.test(xml)) throw new HttpError(409, NO_INVOICE_INSIDE);
  let pdf: Buffer;
  try {
    pdf = await transformToPdf(app, xml);
  } catch (error) {
    if (error instanceof EfacturaTransformError) throw new HttpError(502, error.message);
    throw error;
  }
  return reply.header("content-type", "application/pdf").header("content-disposition", attachment(fileName)).send(pdf);
}
