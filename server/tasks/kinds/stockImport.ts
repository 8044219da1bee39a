/**
 * The 'stock-import' task: brings one warehouse's stock from SmartBill into the tenant's stock
 * items. It asks SmartBill for that warehouse's stock as of today (Romanian date), checks every
 * product, then writes them all in ONE transaction (new products added, known ones updated,
 * products SmartBill no longer lists set to 0; the catalogue's codes, names and units with them,
 * a new product with no price, since the stock answer has none, and the standard tax's rate):
 * a failure anywhere leaves the stock and the catalogue as they were.
 *
 * Progress: 10 once the warehouse is known, 50 once SmartBill has answered (`total` set), 100
 * when written. The write itself reports nothing: it is one transaction, and on SQLite that
 * transaction holds the only connection.
 */
import type { Kysely } from "kysely";
import { hasControlCharacter } from "../../controlCharacters";
import type { Database } from "../../db/database";
import {
  messages,
  stockImported,
  stockRowBadQuantity,
  stockRowControlCharacters,
  stockRowRepeated,
  stockRowsInvalid,
  stockRowWithoutName,
} from "../../messages";
import { INVOICE_LINE_DEFAULTS } from "../../../contract/constants";
import { knownTaxList, resolveTax } from "../../routes/api/invoices/vatRates";
import { keepCatalogueFromStock, type StandardTax } from "../../routes/api/products/products.repository";
import { lockWarehouse, findWarehouse } from "../../routes/api/warehouses/warehouses.repository";
import {
  productKey,
  replaceWarehouseStock,
  type StockProductRow,
} from "../../routes/api/stock/stock.repository";
import { type SmartBillUrlPolicy, smartBillUrlPolicy } from "../../smartbill/allowedUrl";
import { romanianDate } from "../../smartbill/bucharestTime";
import { type SmartBillClient, type SmartBillClientOptions, smartBillClientForTenant } from "../../smartbill/client";
import type { StockProduct } from "../../smartbill/types";
import { TaskFailure, type TaskHandler } from "../types";

export interface StockImportPayload {
  warehouseId: number;
}

/**
 * One import per warehouse at a time: a second one queued meanwhile would ask SmartBill for the
 * same stock again and write the same rows (the task's dedupKey, server/tasks/queue.ts).
 */
export const stockImportKey = (warehouseId: number) => `stock-import:warehouse:${warehouseId}`;

/** How the import reaches SmartBill: the tenant's client, by default from its settings. */
export type SmartBillClientFactory = (
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  options: Omit<SmartBillClientOptions, "smartBillUrls">,
) => Promise<Pick<SmartBillClient, "getStocks">>;

/** A worker started without the app's policy calls SmartBill nowhere rather than anywhere. */
const NO_SMARTBILL_URLS = smartBillUrlPolicy({ allowedHosts: [] });

export interface StockImportOptions {
  clientFor?: SmartBillClientFactory;
  /** The instant whose Romanian date is asked for; default now. */
  now?: () => number;
}

export function createStockImport(options: StockImportOptions = {}): TaskHandler {
  const clientFor = options.clientFor ?? smartBillClientForTenant;
  const now = options.now ?? Date.now;

  return async ({ db, task, payload, progress, signal, smartBillUrls = NO_SMARTBILL_URLS }) => {
    const { warehouseId } = checkPayload(payload);
    const warehouse = await findWarehouse(db, task.tenantId, warehouseId);
    if (!warehouse) throw new TaskFailure(messages.stockImportWarehouseGone);
    await progress({ progress: 10 });

    const client = await clientFor(db, task.tenantId, smartBillUrls, { fetch: abortableFetch(signal) });
    const answer = await client.getStocks({ date: romanianDate(now()), warehouseName: warehouse.warehouseName });
    // The answer is this warehouse's whole stock. SmartBill filters by the exact name; other
    // warehouses, should any come back, are not this one's.
    const products = answer
      .filter((entry) => entry.warehouse.warehouseName === warehouse.warehouseName)
      .flatMap((entry) => entry.products);

    const { rows, problems } = checkProducts(products);
    const total = products.length;
    if (problems.length > 0) {
      throw new TaskFailure(stockRowsInvalid(problems), { total, processed: 0, errors: problems.length });
    }
    signal.throwIfAborted();
    await progress({ progress: 50, total });
    // New catalogue products start on the standard tax at the tenant's SmartBill rate (asked
    // before the write: the transaction holds SQLite's only connection).
    const tax = await standardTax(db, task.tenantId, smartBillUrls);

    const counts = await db.transaction().execute(async (trx) => {
      // Locked for the whole write: a delete of this warehouse, or another import of it, waits.
      if (!(await lockWarehouse(trx, task.tenantId, warehouseId))) {
        throw new TaskFailure(messages.stockImportWarehouseGone);
      }
      const counts = await replaceWarehouseStock(trx, task.tenantId, warehouseId, rows);
      await keepCatalogueFromStock(trx, task.tenantId, rows, tax);
      return counts;
    });
    return {
      message: stockImported({ imported: rows.length, ...counts }),
      total,
      processed: total,
      created: counts.created,
      updated: counts.updated,
      errors: 0,
    };
  };
}

/**
 * fetch, also aborted by `stop` (the worker's shutdown). Not AbortSignal.any: on Node 20 the
 * signal it makes can be garbage-collected while the request waits, and then never fires.
 */
function abortableFetch(stop: AbortSignal): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const abort = () => controller.abort();
    const own = init?.signal;
    if (stop.aborted || own?.aborted) abort();
    stop.addEventListener("abort", abort);
    own?.addEventListener("abort", abort);
    try {
      return await fetch(input, { ...init, signal: controller.signal });
    } finally {
      stop.removeEventListener("abort", abort);
      own?.removeEventListener("abort", abort);
    }
  };
}

/**
 * 'Normala' at the rate of the tenant's tax list (the one kept, else SmartBill's); while no list
 * was ever read, at the contract's assumed rate (the send checks it against the list later).
 */
async function standardTax(db: Kysely<Database>, tenantId: number, smartBillUrls: SmartBillUrlPolicy): Promise<StandardTax> {
  const tax = resolveTax(undefined, undefined, await knownTaxList(db, tenantId, smartBillUrls));
  return tax.ok
    ? { name: tax.taxName, percentage: tax.taxPercentage }
    : { name: INVOICE_LINE_DEFAULTS.taxName, percentage: INVOICE_LINE_DEFAULTS.taxPercentage };
}

function checkPayload(payload: unknown): StockImportPayload {
  const warehouseId = (payload as Partial<StockImportPayload> | null)?.warehouseId;
  if (typeof warehouseId !== "number" || !Number.isInteger(warehouseId)) {
    throw new TaskFailure(messages.stockImportWarehouseGone);
  }
  return { warehouseId };
}

/**
 * The products as stock rows, or what is wrong with them. A blank code counts as none (the
 * product is then known by its name). The same product twice in the answer is one product
 * whose stock is the sum (SmartBill may list it per lot), unless the units differ.
 */
export function checkProducts(products: readonly StockProduct[]): { rows: StockProductRow[]; problems: string[] } {
  const problems: string[] = [];
  const rows = new Map<string, StockProductRow>();
  products.forEach((product, index) => {
    const productName = typeof product.productName === "string" ? product.productName.trim() : "";
    const code = typeof product.productCode === "string" ? product.productCode.trim() : "";
    const measuringUnit = typeof product.measuringUnit === "string" ? product.measuringUnit.trim() : "";
    const quantity = product.quantity;
    if (!productName) {
      problems.push(stockRowWithoutName(index + 1));
      return;
    }
    // The provider's text is stored and shown like the user's: the same rule (a NUL could not
    // even be stored on PostgreSQL, and failed the whole task as an internal error).
    if ([productName, code, measuringUnit].some(hasControlCharacter)) {
      problems.push(stockRowControlCharacters(index + 1));
      return;
    }
    if (typeof quantity !== "number" || !Number.isFinite(quantity)) {
      problems.push(stockRowBadQuantity(productName));
      return;
    }
    const row: StockProductRow = { productCode: code || null, productName, measuringUnit, quantity };
    const key = productKey(row);
    const earlier = rows.get(key);
    if (!earlier) {
      rows.set(key, row);
    } else if (earlier.measuringUnit === row.measuringUnit) {
      earlier.quantity += row.quantity;
    } else {
      problems.push(stockRowRepeated(productName));
    }
  });
  return { rows: [...rows.values()], problems };
}
