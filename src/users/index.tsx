/** The users resource (admin or super-admin). */
import type { AppResource } from "../appResource";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import { UserList } from "./UserList";

export const users: AppResource = {
  name: "users",
  list: UserList,
  icon: ManageAccountsIcon,
  menu: { section: "administration", entries: [{ label: "menu.users" }] },
};

export default users;
