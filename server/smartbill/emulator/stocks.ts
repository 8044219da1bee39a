/**
 * GET /stocks on one company (§3): `date` is required and must be yyyy-MM-dd; `warehouseName`
 * is case-sensitive; `productName` or `productCode` picks one product; empty values are no
 * filter. The stock is as it stood at the end of `date`: today's quantities with the moves of
 * the documents issued after that date taken back (stockMoves.ts).
 */
import type { StockResponse } from "../types";
import { isIsoDate, round } from "./invoices";
import type { EmulatorCompany } from "./model";
import { movesAfter } from "./stockMoves";
import { texts } from "./texts";

export interface StockFilters {
  date: string;
  warehouseName: string;
  productName: string;
  productCode: string;
}

export type StockOutcome = { ok: true; list: StockResponse["list"] } | { ok: false; errorText: string };

export function queryStocks(company: EmulatorCompany, filters: StockFilters): StockOutcome {
  if (!filters.date) return { ok: false, errorText: texts.stockDateRequired };
  if (!isIsoDate(filters.date)) return { ok: false, errorText: texts.stockDateFormat };
  let warehouses = company.warehouses;
  if (filters.warehouseName) {
    warehouses = warehouses.filter((w) => w.name === filters.warehouseName);
    if (warehouses.length === 0) return { ok: false, errorText: texts.warehouseNotFound(filters.warehouseName) };
  }
  const later = movesAfter(company, filters.date);
  const quantityOf = (warehouseName: string, item: { code: string; quantity: number }) =>
    round(item.quantity + (later.get(`${warehouseName}\u0000${item.code}`) ?? 0), 4);
  const byProduct = Boolean(filters.productCode || filters.productName);
  const list = warehouses
    .map((warehouse) => ({
      warehouse: { warehouseName: warehouse.name, warehouseType: warehouse.type },
      products: warehouse.products
        .map((item) => ({ ...item, quantity: quantityOf(warehouse.name, item) }))
        .filter((item) => {
          if (!byProduct) return true;
          const matches = filters.productCode
            ? item.code === filters.productCode
            : item.name.toLowerCase() === filters.productName.toLowerCase();
          // "that product in every warehouse where it has stock"
          return matches && item.quantity !== 0;
        })
        .map((item) => ({
          productName: item.name,
          ...(company.usesProductCodes ? { productCode: item.code } : {}),
          measuringUnit: item.unit,
          quantity: item.quantity,
        })),
    }))
    .filter((entry) => entry.products.length > 0);
  return { ok: true, list };
}
