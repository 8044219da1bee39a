/**
 * The statement as a Romanian 'Fișă client' PDF (pdfmake, on the server): the company and the
 * customer with their CIF, the period, then per currency the opening balance, the lines (Data,
 * Document, Explicație, Debit, Credit, Sold), the period's totals and the closing balance, amounts
 * and dates as Romanians write them (1.234,56; 27.11.2026). The text is set in pdfmake's own
 * Roboto, which holds ș ț ă â î (PDF's standard fonts do not).
 *
 * pdfmake is one object per process: its fonts and access policies are set once, in server/pdfMake.ts.
 */
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { CustomerStatement, StatementCurrency } from "../../../../contract/api";
import { statementMessages } from "../../../messages";
import { pdfMake } from "../../../pdfMake";
import { formatRomanianTime } from "../../../smartbill/bucharestTime";
import { romanianDay } from "./customerStatement";

const amountFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1.234,56 */
export const romanianAmount = (amount: number) => amountFormat.format(amount);

/** The company the statement is from: the tenant, and its CIF as its SmartBill settings name it. */
export interface StatementCompany {
  name: string;
  cif: string;
}

const words = statementMessages.document;
const right = (text: string, bold = false): TableCell => ({ text, alignment: "right", bold });
const blankWhenZero = (amount: number) => (amount === 0 ? "" : romanianAmount(amount));

function currencyTable(statement: CustomerStatement, part: StatementCurrency): Content[] {
  const { columns } = words;
  const header: TableCell[] = [columns.date, columns.document, columns.description, columns.debit, columns.credit, columns.balance].map((text, index) => ({
    text,
    bold: true,
    fillColor: "#eeeeee",
    alignment: index >= 3 ? "right" : "left",
  }));
  const body: TableCell[][] = [
    header,
    [romanianDay(statement.dateFrom), "", { text: words.opening, italics: true }, "", "", right(romanianAmount(part.opening))],
    ...part.entries.map((entry): TableCell[] => [
      romanianDay(entry.date),
      entry.document,
      entry.description,
      right(blankWhenZero(entry.debit)),
      right(blankWhenZero(entry.credit)),
      right(romanianAmount(entry.balance)),
    ]),
    [{ text: words.totals, colSpan: 3, bold: true }, "", "", right(romanianAmount(part.debit), true), right(romanianAmount(part.credit), true), ""],
    [
      { text: `${words.closing} (${romanianDay(statement.dateTo)})`, colSpan: 5, bold: true },
      "",
      "",
      "",
      "",
      right(romanianAmount(part.closing), true),
    ],
  ];
  return [
    { text: words.currency(part.currency), style: "currency" },
    {
      table: { headerRows: 1, widths: [52, 62, "*", 62, 62, 66], body, dontBreakRows: true },
      layout: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => "#999999", vLineColor: () => "#999999" },
    },
    { text: `${words.closing}: ${romanianAmount(part.closing)} ${part.currency}`, bold: true, margin: [0, 6, 0, 0] },
  ];
}

export function statementDocument(statement: CustomerStatement, company: StatementCompany, madeAt = Date.now()): TDocumentDefinitions {
  const party = (label: string, name: string, cif: string): Content => ({
    stack: [{ text: label, style: "label" }, { text: name, bold: true }, words.cif(cif)],
  });
  return {
    pageSize: "A4",
    pageMargins: [40, 40, 40, 50],
    info: { title: `${words.title} ${statement.customer.clientName}`, creator: company.name },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true },
      label: { fontSize: 8, color: "#555555" },
      currency: { fontSize: 11, bold: true, margin: [0, 14, 0, 6] },
    },
    content: [
      { text: words.title, style: "title" },
      { text: words.period(romanianDay(statement.dateFrom), romanianDay(statement.dateTo)), margin: [0, 2, 0, 12] },
      { columns: [party(words.supplier, company.name, company.cif), party(words.customer, statement.customer.clientName, statement.customer.cif)] },
      ...(statement.currencies.length === 0 ? [{ text: words.nothing, margin: [0, 14, 0, 0] } as Content] : statement.currencies.flatMap((part) => currencyTable(statement, part))),
    ],
    footer: (page, pages) => ({
      columns: [
        { text: words.made(formatRomanianTime(madeAt)), fontSize: 7, color: "#777777" },
        { text: words.page(page, pages), fontSize: 7, color: "#777777", alignment: "right" },
      ],
      margin: [40, 16, 40, 0],
    }),
  };
}

export function statementPdf(statement: CustomerStatement, company: StatementCompany): Promise<Buffer> {
  return pdfMake.createPdf(statementDocument(statement, company)).getBuffer();
}
