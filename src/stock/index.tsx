/** The stock resource: the product list, and the stock import under /stock/import. */
import type { AppResource } from "../appResource";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import { Route } from "react-router-dom";
import InventoryIcon from "@mui/icons-material/Inventory2";
import { StockImport } from "./StockImport";
import { StockList } from "./StockList";

export const stock: AppResource = {
  name: "stock",
  list: StockList,
  icon: InventoryIcon,
  menu: {
    section: "stock",
    entries: [
      { label: "menu.stock" },
      { path: "import", label: "menu.stockImport", icon: MoveToInboxIcon },
    ],
  },
  children: <Route path="import" element={<StockImport />} />,
};

export default stock;
