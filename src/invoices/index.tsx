/** The invoices resource: the imported invoices, their edit screen, and the import under /invoices/import. */
import type { AppResource } from "../appResource";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Route } from "react-router-dom";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceImport } from "./InvoiceImport";
import { InvoiceList } from "./InvoiceList";

export const invoices: AppResource = {
  name: "invoices",
  list: InvoiceList,
  edit: InvoiceEdit,
  icon: ReceiptLongIcon,
  menu: {
    section: "smartbill",
    entries: [
      { path: "import", label: "menu.invoiceImport", icon: UploadFileIcon },
      { label: "menu.invoices" },
    ],
  },
  children: <Route path="import" element={<InvoiceImport />} />,
};

export default invoices;
