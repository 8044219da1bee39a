/**
 * Stock after an invoice was issued (§3, "re-loaded when that invoice is deleted or cancelled"):
 * what the invoice discharged goes back, and a restore takes it again. A storno's discharge is
 * negative (its goods came back), so the same two moves undo and redo it.
 */
import { documentName } from "./documentRef";
import { round } from "./invoices";
import type { EmulatorCompany, EmulatorInvoice, EmulatorStockItem } from "./model";
import { texts } from "./texts";

export function returnStock(company: EmulatorCompany, invoice: EmulatorInvoice): void {
  for (const move of invoice.discharged) {
    const item = itemOf(company, move.warehouseName, move.code);
    if (item) item.quantity = round(item.quantity + move.quantity, 4);
  }
}

/** Takes the invoice's discharge again; SmartBill's insufficient-stock text (and no change) when it cannot. */
export function retakeStock(company: EmulatorCompany, invoice: EmulatorInvoice): string | undefined {
  const planned = new Map<EmulatorStockItem, number>();
  for (const move of invoice.discharged) {
    const item = itemOf(company, move.warehouseName, move.code);
    if (!item) return texts.noPurchase(move.code);
    const taken = round((planned.get(item) ?? 0) + move.quantity, 4);
    if (taken > 0 && taken > item.quantity) {
      const date = invoice.issueDate.split("-").reverse().join("/");
      return texts.insufficientStock(`factura ${documentName(invoice)}`, date, item.name, move.warehouseName);
    }
    planned.set(item, taken);
  }
  for (const [item, quantity] of planned) item.quantity = round(item.quantity - quantity, 4);
  return undefined;
}

function itemOf(company: EmulatorCompany, warehouseName: string, code: string): EmulatorStockItem | undefined {
  return company.warehouses.find((w) => w.name === warehouseName)?.products.find((p) => p.code === code);
}

/**
 * What the documents issued after `date` (yyyy-MM-dd) took from each warehouse's products, keyed
 * "<warehouse>\0<code>": added to today's quantity it gives the stock at the end of that date. The
 * moves are the invoices' dated discharges; a cancelled invoice gave its goods back, so it counts
 * for no date, and a deleted one is gone.
 */
export function movesAfter(company: EmulatorCompany, date: string): Map<string, number> {
  const moves = new Map<string, number>();
  for (const invoice of company.invoices) {
    if (invoice.cancelled || invoice.issueDate <= date) continue;
    for (const move of invoice.discharged) {
      const key = `${move.warehouseName}\u0000${move.code}`;
      moves.set(key, round((moves.get(key) ?? 0) + move.quantity, 4));
    }
  }
  return moves;
}
