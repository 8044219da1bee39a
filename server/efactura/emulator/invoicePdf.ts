/**
 * transformare's PDF of a UBL document: its number and type, dates, both parties with their
 * CIFs, the lines and the total to pay with its currency, in Romanian (pdfmake's Roboto has the
 * diacritics), like ANAF's own rendering in spirit, not in layout.
 */
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { pdfMake } from "../../pdfMake";
import type { ReadUbl } from "./ublRead";

const amountFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = (text: string) => (text && Number.isFinite(Number(text)) ? amountFormat.format(Number(text)) : text);
const day = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split("-").reverse().join(".") : iso);

function partyBlock(title: string, party: ReadUbl["supplier"]): Content {
  return {
    stack: [
      { text: title, bold: true },
      party.name,
      `CIF: ${party.vatId || party.cif}`,
      ...(party.vatId && party.cif && party.vatId !== party.cif ? [`Nr. înregistrare: ${party.cif}`] : []),
    ],
  };
}

export async function invoicePdf(document: ReadUbl): Promise<Buffer> {
  const title = document.kind === "invoice" ? "Factură" : "Notă de credit (storno)";
  const definition: TDocumentDefinitions = {
    info: { title: `${title} ${document.number}` },
    content: [
      { text: `${title} ${document.number}`, fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      `Data emiterii: ${day(document.issueDate)}` + (document.dueDate ? `   Termen de plată: ${day(document.dueDate)}` : ""),
      { columns: [partyBlock("Furnizor", document.supplier), partyBlock("Cumpărător", document.customer)], margin: [0, 12, 0, 12] },
      {
        table: {
          headerRows: 1,
          widths: ["*", "auto", "auto", "auto"],
          body: [
            ["Denumire", "Cantitate", "Preț unitar", "Valoare"].map((text) => ({ text, bold: true })),
            ...document.lines.map((line) => [
              line.name,
              `${line.quantity} ${line.unitCode}`.trim(),
              { text: amount(line.price), alignment: "right" as const },
              { text: amount(line.net), alignment: "right" as const },
            ]),
          ],
        },
      },
      {
        stack: [
          `Total fără TVA: ${amount(document.totalNet)} ${document.currency}`,
          `TVA: ${amount(document.totalVat)} ${document.currency}`,
          { text: `Total de plată: ${amount(document.total)} ${document.currency}`, bold: true },
        ],
        alignment: "right",
        margin: [0, 12, 0, 0],
      },
      { text: "Document generat de emulatorul ANAF e-Factura (transformare).", fontSize: 8, color: "#666", margin: [0, 24, 0, 0] },
    ],
    defaultStyle: { fontSize: 10 },
  };
  return pdfMake.createPdf(definition).getBuffer();
}
