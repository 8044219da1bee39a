/** How a received invoice's values read on screen: Romanian dates and amounts, a dash for what the UBL did not say. */
import type { ReceivedInvoice } from "../../contract/efactura";
import { formatDay, formatMoney, formatWhen } from "../invoices/invoiceText";

export const receivedDay = (day: string | null | undefined) => (day ? formatDay(day) : "—");

export const receivedTotal = (row: Pick<ReceivedInvoice, "total" | "currency">) =>
  row.total === null || row.total === undefined ? "—" : formatMoney(row.total, row.currency ?? "");

export const receivedWhen = (iso: string | null | undefined) => (iso ? formatWhen(iso) : "—");
