/** The received invoices resource ('Facturi primite'): supplier invoices from ANAF's SPV, and one's page. Read-only. */
import type { AppResource } from "../appResource";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import { ReceivedInvoiceList } from "./ReceivedInvoiceList";
import { ReceivedInvoiceShow } from "./ReceivedInvoiceShow";

export const receivedInvoices: AppResource = {
  name: "receivedInvoices",
  list: ReceivedInvoiceList,
  show: ReceivedInvoiceShow,
  icon: MoveToInboxIcon,
  menu: { section: "smartbill", entries: [{ label: "resources.receivedInvoices.menu" }] },
};

export default receivedInvoices;
