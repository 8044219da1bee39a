/** The customers resource: its screens come with their issue; until then placeholders that obey the role matrix. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import { placeholderScreen } from "../common/placeholderScreen";

const ImportScreen = placeholderScreen("customers", "menu.customerImport");

export const customers: ResourceProps = {
  name: "customers",
  list: placeholderScreen("customers", "menu.customers"),
  children: <Route path="import" element={<ImportScreen />} />,
};
