/** The invoices resource: the imported invoices, their edit screen, and the import under /invoices/import. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceImport } from "./InvoiceImport";
import { InvoiceList } from "./InvoiceList";

export const invoices: ResourceProps = {
  name: "invoices",
  list: InvoiceList,
  edit: InvoiceEdit,
  icon: ReceiptLongIcon,
  children: <Route path="import" element={<InvoiceImport />} />,
};
