/** The tenants resource (super-admin only). */
import type { ResourceProps } from "react-admin";
import ApartmentIcon from "@mui/icons-material/Apartment";
import { TenantList } from "./TenantList";

export const tenants: ResourceProps = {
  name: "tenants",
  list: TenantList,
  icon: ApartmentIcon,
};
