/** The stock resource: its screens come with their issue; until then placeholders that obey the role matrix. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import { placeholderScreen } from "../common/placeholderScreen";

const ImportScreen = placeholderScreen("stock", "menu.stockImport");

export const stock: ResourceProps = {
  name: "stock",
  list: placeholderScreen("stock", "menu.stock"),
  children: <Route path="import" element={<ImportScreen />} />,
};
