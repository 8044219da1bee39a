/** The properties resource: a tenant's settings (admin or super-admin). */
import type { AppResource } from "../appResource";
import SettingsIcon from "@mui/icons-material/Settings";
import { PropertyList } from "./PropertyList";

export const properties: AppResource = {
  name: "properties",
  list: PropertyList,
  icon: SettingsIcon,
  menu: { section: "administration", entries: [{ label: "menu.properties" }] },
};

export default properties;
