/** The warehouses resource: its screens come with their issue; until then placeholders that obey the role matrix. */
import type { ResourceProps } from "react-admin";
import { placeholderScreen } from "../common/placeholderScreen";

export const warehouses: ResourceProps = {
  name: "warehouses",
  list: placeholderScreen("warehouses", "menu.warehouses"),
};
