/** The warehouses resource: the tenant's SmartBill warehouses (its admin sets them up; the invoicing role and the super-admin too). */
import type { ResourceProps } from "react-admin";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import { WarehouseScreen } from "./WarehouseScreen";

export const warehouses: ResourceProps = {
  name: "warehouses",
  list: WarehouseScreen,
  icon: WarehouseIcon,
  recordRepresentation: "warehouseName",
};
