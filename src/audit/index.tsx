/** The audit log ('Jurnal de audit'): who changed what, read only (admin: own tenant; super-admin: all). */
import type { AppResource } from "../appResource";
import HistoryIcon from "@mui/icons-material/History";
import { AuditList } from "./AuditList";

export const audit: AppResource = {
  name: "audit",
  list: AuditList,
  icon: HistoryIcon,
  menu: { section: "administration", entries: [{ label: "menu.audit" }] },
};

export default audit;
