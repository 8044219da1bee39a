/** The customers resource: the list, and the Excel import under /customers/import. */
import type { ResourceProps } from "react-admin";
import { Route } from "react-router-dom";
import PeopleIcon from "@mui/icons-material/People";
import { CustomerImport } from "./CustomerImport";
import { CustomerList } from "./CustomerList";

export const customers: ResourceProps = {
  name: "customers",
  list: CustomerList,
  icon: PeopleIcon,
  recordRepresentation: "clientName",
  children: <Route path="import" element={<CustomerImport />} />,
};
