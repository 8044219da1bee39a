/**
 * The catalogue as the stock imports keep it: plain functions taking `db`, dialect-free. The
 * catalogue's own routes need none (tenantResourceRoutes).
 */
import type { Kysely } from "kysely";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";

/** A product as a stock import knows it. */
export interface StockedProduct {
  productCode: string | null;
  productName: string;
  measuringUnit: string;
}

const BATCH = 500;

/** The tax a new product of the catalogue starts with: the standard one ('Normala') of the tenant's list. */
export interface StandardTax {
  name: string;
  percentage: number;
}

/**
 * Brings the stock's products into the tenant's catalogue: a new code is added (no price, since
 * SmartBill's stock answer carries none, a new invoice line's currency, and `tax`, for the clerk
 * to check), a known code takes SmartBill's name and unit, and price, currency, tax and the
 * service flag stay the clerk's. Products without a code stay out: the catalogue knows products
 * by code. Run it in the stock write's transaction, so stock and catalogue change together or
 * not at all.
 */
export async function keepCatalogueFromStock(
  trx: Kysely<Database>,
  tenantId: number,
  products: readonly StockedProduct[],
  tax: StandardTax,
): Promise<void> {
  const now = timestamp();
  const coded = products.filter((product) => product.productCode !== null);
  for (let start = 0; start < coded.length; start += BATCH) {
    await trx
      .insertInto("products")
      .values(
        coded.slice(start, start + BATCH).map((product) => ({
          tenantId,
          code: product.productCode!,
          name: product.productName,
          unit: product.measuringUnit,
          price: null,
          currency: INVOICE_LINE_DEFAULTS.currency,
          taxName: tax.name,
          taxPercentage: tax.percentage,
          isService: 0,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["tenantId", "code"])
          .doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), unit: eb.ref("excluded.unit"), updatedAt: now }))
          // A product SmartBill names as before keeps its last change's time.
          .where((eb) => eb.or([eb("products.name", "!=", eb.ref("excluded.name")), eb("products.unit", "!=", eb.ref("excluded.unit"))])),
      )
      .execute();
  }
}
