/**
 * The app's resources, in order: App.tsx renders one <Resource> for each, and the menu shows
 * their entries section by section in this order (layout/menuSections.ts). A new resource is its
 * folder's `index.tsx` and one line here.
 */
import type { AppResource } from "./appResource";
import { audit } from "./audit";
import { customers } from "./customers";
import { invoices } from "./invoices";
import { products } from "./products";
import { properties } from "./properties";
import { stock } from "./stock";
import { tasks } from "./tasks";
import { tenants } from "./tenants";
import { users } from "./users";
import { warehouses } from "./warehouses";

export const RESOURCES: readonly AppResource[] = [
  tenants,
  users,
  properties,
  invoices,
  customers,
  stock,
  products,
  warehouses,
  tasks,
  audit,
];
