/**
 * The statement as a workbook: one sheet laid out as the PDF (company, customer, period, then per
 * currency the opening balance, the lines, the totals and the closing balance). Amounts are
 * numbers (shown 1.234,56 by a Romanian Excel) and dates real dates (dd.mm.yyyy), so the clerk
 * can sum and filter them. A statement is at most MAX_STATEMENT_ENTRIES lines: written whole.
 */
import ExcelJS from "exceljs";
import type { CustomerStatement } from "../../../../contract/api";
import { statementMessages } from "../../../messages";
import { romanianDay } from "./customerStatement";
import type { StatementCompany } from "./statementPdf";

const AMOUNT = "#,##0.00";
const DATE = "dd.mm.yyyy";

/** yyyy-mm-dd as the day itself (midnight UTC, which Excel shows as that day). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

export async function statementXlsx(statement: CustomerStatement, company: StatementCompany): Promise<Buffer> {
  const words = statementMessages.document;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = [
    { key: "date", width: 12, style: { numFmt: DATE } },
    { key: "document", width: 14 },
    { key: "description", width: 50 },
    { key: "debit", width: 14, style: { numFmt: AMOUNT } },
    { key: "credit", width: 14, style: { numFmt: AMOUNT } },
    { key: "balance", width: 14, style: { numFmt: AMOUNT } },
  ];
  sheet.addRow([words.title]).font = { bold: true, size: 14 };
  sheet.addRow([words.period(romanianDay(statement.dateFrom), romanianDay(statement.dateTo))]);
  sheet.addRow([words.supplier, company.name, words.cif(company.cif)]);
  sheet.addRow([words.customer, statement.customer.clientName, words.cif(statement.customer.cif)]);
  if (statement.currencies.length === 0) {
    sheet.addRow([]);
    sheet.addRow([words.nothing]);
  }
  const { columns } = words;
  for (const part of statement.currencies) {
    sheet.addRow([]);
    sheet.addRow([words.currency(part.currency)]).font = { bold: true };
    sheet.addRow([columns.date, columns.document, columns.description, columns.debit, columns.credit, columns.balance]).font = { bold: true };
    sheet.addRow([excelDate(statement.dateFrom), "", words.opening, null, null, part.opening]);
    for (const entry of part.entries) {
      sheet.addRow([excelDate(entry.date), entry.document, entry.description, entry.debit || null, entry.credit || null, entry.balance]);
    }
    sheet.addRow([null, "", words.totals, part.debit, part.credit, null]).font = { bold: true };
    sheet.addRow([excelDate(statement.dateTo), "", words.closing, null, null, part.closing]).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
