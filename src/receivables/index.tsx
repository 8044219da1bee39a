/** The receivables resource ('Scadențe'): what customers still owe, by invoice or by customer. Read-only. */
import type { AppResource } from "../appResource";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import { ReceivableList } from "./ReceivableList";

export const receivables: AppResource = {
  name: "receivables",
  list: ReceivableList,
  icon: EventBusyIcon,
  menu: { section: "smartbill", entries: [{ label: "resources.receivables.menu" }] },
  redirects: { "/smartbill/receivables": "" },
};

export default receivables;
