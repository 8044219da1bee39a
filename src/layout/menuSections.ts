/**
 * The sidebar's sections and entries (spec section 2, Sidebar). An entry with a `resource`
 * shows only when the role matrix allows it; a section left with no entry is hidden.
 */
import type { SvgIconComponent } from "@mui/icons-material";
import HomeIcon from "@mui/icons-material/Home";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import InventoryIcon from "@mui/icons-material/Inventory2";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import PeopleIcon from "@mui/icons-material/People";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import ApartmentIcon from "@mui/icons-material/Apartment";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import SettingsIcon from "@mui/icons-material/Settings";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import CableIcon from "@mui/icons-material/Cable";
import type { ResourceName } from "../../contract/roles";
import { canAccess } from "../providers/canAccess";
import { SMARTBILL_CONNECTION_PAGE } from "../smartbillConnection/connectionApi";

export interface MenuEntry {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** the role matrix row that decides whether the entry shows; none: every signed-in user */
  resource?: ResourceName;
}

export interface MenuSection {
  title: string;
  entries: MenuEntry[];
}

export const MENU_SECTIONS: MenuSection[] = [
  { title: "menu.sections.general", entries: [{ to: "/", label: "menu.home", icon: HomeIcon }] },
  {
    title: "menu.sections.smartbill",
    entries: [
      { to: "/invoices/import", label: "menu.invoiceImport", icon: UploadFileIcon, resource: "invoices" },
      { to: "/invoices", label: "menu.invoices", icon: ReceiptLongIcon, resource: "invoices" },
    ],
  },
  {
    title: "menu.sections.stock",
    entries: [
      { to: "/stock", label: "menu.stock", icon: InventoryIcon, resource: "stock" },
      { to: "/stock/import", label: "menu.stockImport", icon: MoveToInboxIcon, resource: "stock" },
      { to: "/warehouses", label: "menu.warehouses", icon: WarehouseIcon, resource: "warehouses" },
      { to: "/tasks", label: "menu.tasks", icon: PlaylistAddCheckIcon, resource: "tasks" },
    ],
  },
  {
    title: "menu.sections.customers",
    entries: [
      { to: "/customers", label: "menu.customers", icon: PeopleIcon, resource: "customers" },
      { to: "/customers/import", label: "menu.customerImport", icon: GroupAddIcon, resource: "customers" },
    ],
  },
  {
    title: "menu.sections.administration",
    entries: [
      { to: "/tenants", label: "menu.tenants", icon: ApartmentIcon, resource: "tenants" },
      { to: "/users", label: "menu.users", icon: ManageAccountsIcon, resource: "users" },
      { to: "/properties", label: "menu.properties", icon: SettingsIcon, resource: "properties" },
      { to: SMARTBILL_CONNECTION_PAGE, label: "menu.smartbillConnection", icon: CableIcon, resource: "smartbillConnection" },
    ],
  },
];

/** The sections a user with these roles sees, each with only the entries allowed. */
export function visibleSections(roles: readonly string[]): MenuSection[] {
  return MENU_SECTIONS.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => !entry.resource || canAccess(roles, entry.resource)),
  })).filter((section) => section.entries.length > 0);
}
