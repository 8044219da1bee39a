/** The users resource (admin or super-admin). */
import type { ResourceProps } from "react-admin";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import { UserList } from "./UserList";

export const users: ResourceProps = {
  name: "users",
  list: UserList,
  icon: ManageAccountsIcon,
};
