/** The stock resource: the product list, and the stock import under /stock/import. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import InventoryIcon from "@mui/icons-material/Inventory2";
import { StockImport } from "./StockImport";
import { StockList } from "./StockList";

export const stock: ResourceProps = {
  name: "stock",
  list: StockList,
  icon: InventoryIcon,
  children: <Route path="import" element={<StockImport />} />,
};
