/**
 * The list of migrations, in order. Listed by hand rather than read from the directory, so the
 * server runs the same under tsx, vitest and a bundler. Add a line per new migration:
 * test/server/registries.test.ts fails while a file here is not listed.
 */
import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002 from "./0002_properties";
import * as m0003 from "./0003_warehouses_stock_tasks";
import * as m0004 from "./0004_customers";
import * as m0005 from "./0005_text_search";
import * as m0006 from "./0006_invoices";
import * as m0007 from "./0007_customer_index_queue";
import * as m0008 from "./0008_fair_tasks";
import * as m0009 from "./0009_invoice_lines";
import * as m0010 from "./0010_products";
import * as m0011 from "./0011_smartbill_budget";
import * as m0012 from "./0012_tax_lists";
import * as m0013 from "./0013_audit_log";
import * as m0014 from "./0014_after_send";
import * as m0015 from "./0015_payments_storno";
import * as m0016 from "./0016_customer_folded_text";
import * as m0017 from "./0017_vat_from_tax_list";

export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_properties": m0002,
  "0003_warehouses_stock_tasks": m0003,
  "0004_customers": m0004,
  "0005_text_search": m0005,
  "0006_invoices": m0006,
  "0007_customer_index_queue": m0007,
  "0008_fair_tasks": m0008,
  "0009_invoice_lines": m0009,
  "0010_products": m0010,
  "0011_smartbill_budget": m0011,
  "0012_tax_lists": m0012,
  "0013_audit_log": m0013,
  "0014_after_send": m0014,
  "0015_payments_storno": m0015,
  "0016_customer_folded_text": m0016,
  "0017_vat_from_tax_list": m0017,
};
