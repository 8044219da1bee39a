/**
 * The invoice lines' template (GET /import/template): the sheet's Romanian headers in bold and two
 * example lines, a product and a service, that import as they are. The VAT percent is left blank:
 * the tenant's SmartBill tax list gives it on import.
 */
import type { Readable } from "node:stream";
import type { InvoiceLineInput } from "../../../../contract/api";
import { INVOICE_LINE_COLUMNS, INVOICE_LINE_HEADERS } from "../../../../contract/invoiceLineHeaders";
import { invoiceFiles } from "../../../messages";
import { xlsxStream } from "../../spreadsheetStreams";

type Example = { [field in keyof InvoiceLineInput]: string | number };

const EXAMPLES: readonly Example[] = [
  {
    name: "Laptop Lenovo ThinkPad E14", code: "PRD001", quantity: 2, price: 3499.9, measuringUnitName: "buc", currency: "RON",
    taxName: "Normala", taxPercentage: "", service: "nu", saveToDb: "nu", warehouseName: "",
  },
  {
    name: "Instalare și configurare", code: "SRV01", quantity: 1.5, price: 250, measuringUnitName: "oră", currency: "RON",
    taxName: "Normala", taxPercentage: "", service: "da", saveToDb: "nu", warehouseName: "",
  },
];

export function lineTemplateXlsx(): Readable {
  return xlsxStream(invoiceFiles.sheet, async (sheet) => {
    const header = sheet.addRow(INVOICE_LINE_COLUMNS.map((column) => INVOICE_LINE_HEADERS[column]));
    header.font = { bold: true };
    header.commit();
    for (const example of EXAMPLES) sheet.addRow(INVOICE_LINE_COLUMNS.map((column) => example[column])).commit();
  });
}
