/** Which files the imports accept, checked before anything is sent (excel-formats.md). */
export const EXCEL_ACCEPT = ".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel";

export function checkExcelFile(file: File | null | undefined): "resources.customers.noFileError" | "resources.customers.wrongType" | null {
  if (!file) return "resources.customers.noFileError";
  return /\.(xlsx|xls)$/i.test(file.name) ? null : "resources.customers.wrongType";
}
