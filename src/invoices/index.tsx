/**
 * The invoices resource: the invoices, their edit screen, 'Factură nouă' (/invoices/create), and
 * the import under /invoices/import.
 */
import type { AppResource } from "../appResource";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Route } from "react-router-dom";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { InvoiceCreate } from "./InvoiceCreate";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceImport } from "./InvoiceImport";
import { InvoiceList } from "./InvoiceList";
import { invoiceReminderAction } from "../reminders/InvoiceReminderButton";

/** The invoice's screen, with 'Trimite reamintire' among its actions while it is overdue and unpaid. */
function InvoiceScreen() {
  return <InvoiceEdit lifeActions={invoiceReminderAction} />;
}

export const invoices: AppResource = {
  name: "invoices",
  list: InvoiceList,
  edit: InvoiceScreen,
  // 'Factură nouă': /invoices/create, and the spec's form of the address beside its others.
  create: InvoiceCreate,
  redirects: { "/smartbill/invoice/create": "create" },
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
