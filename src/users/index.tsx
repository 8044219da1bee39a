/** The users resource: its screens come with their issue; until then placeholders that obey the role matrix. */
import type { ResourceProps } from "react-admin";
import { placeholderScreen } from "../common/placeholderScreen";

export const users: ResourceProps = {
  name: "users",
  list: placeholderScreen("users", "menu.users"),
};
