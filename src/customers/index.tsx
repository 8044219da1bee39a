/**
 * The customers resource: the list, a customer's page (/customers/:id/show), its forms
 * (/customers/create, /customers/:id), and the Excel import under /customers/import.
 */
import type { AppResource } from "../appResource";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import { Route } from "react-router-dom";
import PeopleIcon from "@mui/icons-material/People";
import { CustomerCreate } from "./CustomerCreate";
import { CustomerEdit } from "./CustomerEdit";
import { CustomerImport } from "./CustomerImport";
import { CustomerList } from "./CustomerList";
import { CustomerShow } from "./CustomerShow";

export const customers: AppResource = {
  name: "customers",
  list: CustomerList,
  show: CustomerShow,
  create: CustomerCreate,
  edit: CustomerEdit,
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
