/** The tenants resource (super-admin only). */
import type { AppResource } from "../appResource";
import ApartmentIcon from "@mui/icons-material/Apartment";
import { TenantList } from "./TenantList";

export const tenants: AppResource = {
  name: "tenants",
  list: TenantList,
  icon: ApartmentIcon,
  menu: { section: "administration", entries: [{ label: "menu.tenants" }] },
};

export default tenants;
