/**
 * The import screen's list of the columns its workbook may have (excel-formats.md "Invoice
 * lines"): each header as the template writes it, whether it must be there, and what it holds or
 * what a blank cell means. A list rather than a table, so it reads on a phone too.
 */
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { INVOICE_LINE_COLUMNS, REQUIRED_INVOICE_LINE_COLUMNS } from "../../contract/invoiceLineHeaders";

export function InvoiceLineColumns() {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="invoice-line-columns">
      <Typography id="invoice-line-columns" variant="subtitle2" component="h2">
        {translate("resources.invoices.importForm.columnsTitle")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate("resources.invoices.importForm.columnsIntro")}
      </Typography>
      <Box component="ul" aria-labelledby="invoice-line-columns" sx={{ my: 1, pl: 2.5 }}>
        {INVOICE_LINE_COLUMNS.map((column) => (
          <Typography key={column} component="li" variant="body2" data-testid="line-column">
            <strong>{translate(`resources.invoices.lineColumns.headers.${column}`)}</strong>
            {" ("}
            {translate(REQUIRED_INVOICE_LINE_COLUMNS.includes(column) ? "resources.invoices.importForm.required" : "resources.invoices.importForm.optional")}
            {"): "}
            {translate(`resources.invoices.lineColumns.notes.${column}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
