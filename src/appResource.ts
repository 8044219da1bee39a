/**
 * What a resource folder's `index.tsx` exports: react-admin's <Resource> props plus what the
 * app derives from them. `name` is also the role matrix row (contract/roles.ts) that decides who
 * may use it, so the menu, the page guards and the server read the same access; `icon` is chosen
 * here once (react-admin's own screens and the menu both show it); `menu` places its entries.
 */
import type { SvgIconComponent } from "@mui/icons-material";
import type { ResourceProps } from "react-admin";
import type { ResourceName } from "../contract/roles";

/** The sidebar's sections, in the order they show (spec section 2, Sidebar). */
export const MENU_SECTION_NAMES = ["general", "smartbill", "stock", "customers", "administration"] as const;
export type MenuSectionName = (typeof MENU_SECTION_NAMES)[number];

/** One menu entry of a resource: its list (no `path`), or another page of it (`path`, e.g. "import"). */
export interface ResourceMenuEntry {
  /** i18n key */
  label: string;
  path?: string;
  /** A page other than the list has an icon of its own; the list shows the resource's. */
  icon?: SvgIconComponent;
}

export interface AppResource extends ResourceProps {
  name: ResourceName;
  icon: SvgIconComponent;
  /** The section the resource's entries show in, in this order; none: not in the menu. */
  menu?: { section: MenuSectionName; entries: readonly ResourceMenuEntry[] };
  /**
   * Addresses that lead to the resource's pages, in the spec's `/smartbill/…` form (specRoutes.tsx):
   * address → the page under the resource ("" the list, "create", ":id").
   */
  redirects?: Readonly<Record<string, string>>;
}
