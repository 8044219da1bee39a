/** The properties resource: a tenant's settings (admin or super-admin). */
import type { ResourceProps } from "react-admin";
import SettingsIcon from "@mui/icons-material/Settings";
import { PropertyList } from "./PropertyList";

export const properties: ResourceProps = {
  name: "properties",
  list: PropertyList,
  icon: SettingsIcon,
};
