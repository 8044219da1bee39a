/** The warehouses resource: the tenant's SmartBill warehouses (invoicing role or super-admin). */
import type { ResourceProps } from "react-admin";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import { WarehouseScreen } from "./WarehouseScreen";

export const warehouses: ResourceProps = {
  name: "warehouses",
  list: WarehouseScreen,
  icon: WarehouseIcon,
  recordRepresentation: "warehouseName",
};
