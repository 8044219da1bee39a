/** The customers resource: the list, and the Excel import under /customers/import. */
import type { AppResource } from "../appResource";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import { Route } from "react-router-dom";
import PeopleIcon from "@mui/icons-material/People";
import { CustomerImport } from "./CustomerImport";
import { CustomerList } from "./CustomerList";

export const customers: AppResource = {
  name: "customers",
  list: CustomerList,
  icon: PeopleIcon,
  menu: {
    section: "customers",
    entries: [
      { label: "menu.customers" },
      { path: "import", label: "menu.customerImport", icon: GroupAddIcon },
    ],
  },
  recordRepresentation: "clientName",
  children: <Route path="import" element={<CustomerImport />} />,
};

export default customers;
