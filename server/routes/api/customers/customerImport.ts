/**
 * The customer import's reading and checking: the WHOLE file is read and every row checked
 * before anything is written (a file-level problem throws ExcelError). Rows are checked one by
 * one as exceljs streams them; only the checked fields (and, for rejected rows, their cells for
 * the error report) are kept.
 */
import type { CustomerFields, RejectedRow } from "../../../../contract/api";
import { type CellValue, cellText } from "../../../excel/cells";
import { readSheet } from "../../../excel/sheet";
import { CUSTOMER_SHEET_COLUMNS } from "./columns";
import { checkCustomerRow, duplicateCodeReason } from "./validation";

export interface CheckedCustomerFile {
  headerTexts: string[];
  valid: { row: number; fields: CustomerFields }[];
  rejected: (RejectedRow & { cells: string[] })[];
}

export async function checkCustomerFile(input: Buffer | string, options: { maxDataRows?: number } = {}): Promise<CheckedCustomerFile> {
  const { header, records } = await readSheet(input, CUSTOMER_SHEET_COLUMNS, options);
  const valid: CheckedCustomerFile["valid"] = [];
  const rejected: CheckedCustomerFile["rejected"] = [];
  const firstRowOf = new Map<string, number>();
  const texts = (cells: CellValue[]) => cells.map(cellText);
  for await (const record of records) {
    const check = checkCustomerRow(record.values);
    const code = cellText(record.values.codClient).trim();
    if (!check.ok) {
      rejected.push({ row: record.row, ...(code ? { codClient: code } : {}), reason: check.reason, cells: texts(record.cells) });
      continue;
    }
    const first = firstRowOf.get(check.fields.codClient);
    if (first !== undefined) {
      rejected.push({ row: record.row, codClient: code, reason: duplicateCodeReason(code, first), cells: texts(record.cells) });
      continue;
    }
    firstRowOf.set(check.fields.codClient, record.row);
    valid.push({ row: record.row, fields: check.fields });
  }
  return { headerTexts: header.texts, valid, rejected };
}
