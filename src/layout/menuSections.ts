/**
 * The sidebar's sections and entries (spec section 2, Sidebar), built from the resource
 * definitions (src/resources.ts, each folder's index.tsx: section, entries, icon, access) plus the
 * pages that are not resources. An entry shows only when the role matrix allows its resource; a
 * section left with no entry is hidden.
 */
import type { SvgIconComponent } from "@mui/icons-material";
import HomeIcon from "@mui/icons-material/Home";
import CableIcon from "@mui/icons-material/Cable";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import { EFACTURA_CONNECTION_PAGE } from "../../contract/efacturaConnection";
import type { ResourceName } from "../../contract/roles";
import { type AppResource, MENU_SECTION_NAMES, type MenuSectionName } from "../appResource";
import { canAccess } from "../providers/canAccess";
import { RESOURCES } from "../resources";
import { SMARTBILL_CONNECTION_PAGE } from "../smartbillConnection/connectionApi";

export interface MenuEntry {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** the role matrix row that decides whether the entry shows; none: every signed-in user */
  resource?: ResourceName;
  /** hidden from whom this row allows: they have the page's entry in another section */
  unless?: ResourceName;
}

export interface MenuSection {
  title: string;
  entries: MenuEntry[];
}

/** Pages that are not resources, shown after the resources of their section. */
const PAGES: readonly (MenuEntry & { section: MenuSectionName })[] = [
  { section: "general", to: "/", label: "menu.home", icon: HomeIcon },
  {
    section: "administration",
    to: SMARTBILL_CONNECTION_PAGE,
    label: "menu.smartbillConnection",
    icon: CableIcon,
    resource: "smartbillConnection",
  },
  {
    section: "administration",
    to: EFACTURA_CONNECTION_PAGE,
    label: "menu.efacturaConnection",
    icon: AccountBalanceIcon,
    resource: "efacturaConnection",
  },
  // The invoicing role reads the SPV connection (when SPV was last read, 'Citește acum') without
  // administering anything: the same page, beside the invoices it is about.
  {
    section: "smartbill",
    to: EFACTURA_CONNECTION_PAGE,
    label: "menu.efacturaConnection",
    icon: AccountBalanceIcon,
    resource: "invoices",
    unless: "efacturaConnection",
  },
];

/** Every section with every entry, from these resources (in their order) and the pages. */
export function menuSections(resources: readonly AppResource[] = RESOURCES): MenuSection[] {
  return MENU_SECTION_NAMES.map((section) => ({
    title: `menu.sections.${section}`,
    entries: [
      ...resources
        .filter((resource) => resource.menu?.section === section)
        .flatMap((resource) =>
          resource.menu!.entries.map((entry) => ({
            to: entry.path ? `/${resource.name}/${entry.path}` : `/${resource.name}`,
            label: entry.label,
            icon: entry.icon ?? resource.icon,
            resource: resource.name,
          })),
        ),
      ...PAGES.filter((page) => page.section === section).map(({ section: _, ...entry }) => entry),
    ],
  }));
}

/** The sections a user with these roles sees, each with only the entries allowed. */
export function visibleSections(roles: readonly string[], resources: readonly AppResource[] = RESOURCES): MenuSection[] {
  return menuSections(resources)
    .map((section) => ({
      ...section,
      entries: section.entries.filter(
        (entry) => (!entry.resource || canAccess(roles, entry.resource)) && !(entry.unless && canAccess(roles, entry.unless)),
      ),
    }))
    .filter((section) => section.entries.length > 0);
}
