/** The invoices resource: its screens come with their issue; until then placeholders that obey the role matrix. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import { placeholderScreen } from "../common/placeholderScreen";

const ImportScreen = placeholderScreen("invoices", "menu.invoiceImport");

export const invoices: ResourceProps = {
  name: "invoices",
  list: placeholderScreen("invoices", "menu.invoices"),
  edit: placeholderScreen("invoices", "menu.invoices"),
  children: <Route path="import" element={<ImportScreen />} />,
};
