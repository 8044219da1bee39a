/** The receipts resource ('Chitanțe'): the receipts issued through the app, a new one, and one's page. */
import type { AppResource } from "../appResource";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import { ReceiptCreate } from "./ReceiptCreate";
import { ReceiptList } from "./ReceiptList";
import { ReceiptShow } from "./ReceiptShow";

export const receipts: AppResource = {
  name: "receipts",
  list: ReceiptList,
  create: ReceiptCreate,
  show: ReceiptShow,
  icon: RequestQuoteIcon,
  menu: { section: "smartbill", entries: [{ label: "resources.receipts.menu" }] },
  redirects: { "/smartbill/receipt": "", "/smartbill/receipt/create": "create", "/smartbill/receipt/:id": ":id/show" },
};

export default receipts;
