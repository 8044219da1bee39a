/**
 * GET /invoice/pdf's document: a small real PDF (pdf-lib) that prints what a reader checks
 * first: series and number, issue date, the company, the client, the lines and the total, and
 * whether it is a storno or cancelled.
 *
 * The standard Helvetica font is used, not an embedded one: it keeps the emulator free of font
 * files and of @pdf-lib/fontkit, and its WinAnsi encoding cannot hold ă, ș or ț, so the text is
 * folded to plain letters (Hârtie → Hartie), the way SmartBill writes its own API texts. A test
 * that looks for a name in the PDF folds it the same way (foldForPdf).
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { documentName } from "./documentRef";
import type { EmulatorCompany, EmulatorInvoice } from "./model";

/** What Helvetica can print: diacritics dropped, anything else outside Latin-1 as "?". */
export function foldForPdf(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u0000-\u001f]/g, " ")
    .replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");
}

export function pdfFileName(invoice: EmulatorInvoice): string {
  return `factura${documentName(invoice)}.pdf`;
}

/** The document's PDF; a proforma's (GET /estimate/pdf) says so in its title. */
export async function invoicePdf(
  company: EmulatorCompany,
  invoice: EmulatorInvoice,
  kind: "invoice" | "estimate" = "invoice",
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const name = documentName(invoice);
  pdf.setTitle(`${kind === "estimate" ? "Factura proforma" : "Factura"} ${name}`);
  pdf.setProducer("SmartBill emulator");
  pdf.setCreationDate(new Date(invoice.createdAt));
  const page = pdf.addPage([595.28, 841.89]); // A4
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, size = 10, useBold = false, x = 50) => {
    page.drawText(foldForPdf(text), { x, y, size, font: useBold ? bold : font });
  };
  const next = (gap = 16) => {
    y -= gap;
  };
  const amount = (value: number) => `${value.toFixed(invoice.precision)} ${invoice.currency}`;

  write(kind === "estimate" ? "FACTURA PROFORMA" : invoice.reverses ? "FACTURA STORNO" : "FACTURA", 18, true);
  next(24);
  write(`Seria ${invoice.series} nr. ${invoice.number}`, 12, true);
  next();
  write(`Data emiterii: ${invoice.issueDate.split("-").reverse().join(".")}`);
  if (invoice.reverses) {
    next();
    write(`Storneaza factura ${documentName(invoice.reverses)}`);
  }
  if (invoice.cancelled) {
    next();
    write("ANULATA", 12, true);
  }
  next(28);
  write("Furnizor", 10, true);
  write("Client", 10, true, 320);
  next(14);
  write(company.name);
  write(invoice.client.name, 10, false, 320);
  next(14);
  write(`CIF: ${company.cif}`);
  if (invoice.client.vatCode) write(`CIF: ${invoice.client.vatCode}`, 10, false, 320);
  next(30);
  write("Produs", 9, true);
  write("Cant.", 9, true, 300);
  write("Pret", 9, true, 360);
  write("Valoare", 9, true, 430);
  write("TVA", 9, true, 500);
  for (const line of invoice.lines) {
    next(14);
    write(line.name.slice(0, 45), 9);
    if (!line.isDiscount) write(`${line.quantity} ${line.measuringUnitName ?? ""}`, 9, false, 300);
    write(line.price.toFixed(invoice.precision), 9, false, 360);
    write(line.net.toFixed(invoice.precision), 9, false, 430);
    write(line.vat.toFixed(invoice.precision), 9, false, 500);
    if (y < 120) break; // one page is enough for the emulator
  }
  next(30);
  write(`Total fara TVA: ${amount(invoice.totalNet)}`, 10, false, 320);
  next();
  write(`TVA: ${amount(invoice.totalVat)}`, 10, false, 320);
  next();
  write(`Total de plata: ${amount(invoice.total)}`, 12, true, 320);
  return pdf.save();
}
