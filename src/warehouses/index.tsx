/** The warehouses resource: the tenant's SmartBill warehouses (its admin sets them up; the invoicing role and the super-admin too). */
import type { AppResource } from "../appResource";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import { WarehouseScreen } from "./WarehouseScreen";

export const warehouses: AppResource = {
  name: "warehouses",
  list: WarehouseScreen,
  icon: WarehouseIcon,
  menu: { section: "stock", entries: [{ label: "menu.warehouses" }] },
  recordRepresentation: "warehouseName",
};

export default warehouses;
