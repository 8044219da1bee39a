/**
 * POST /api/smartbill/receipt's body, checked after its shape: every problem named at its field,
 * all of them in one 400, before SmartBill is asked anything. The customer and the series are
 * checked by issueReceipt.ts (they need the database and SmartBill).
 */
import type { Static } from "typebox";
import { MAX_AMOUNT } from "../../../../contract/invoiceLineBounds";
import type { receiptBody } from "../../../../contract/schemas/receipts";
import type { ReceiptKind } from "../../../db/database";
import { HttpError } from "../../../errors";
import { receiptInvalid, receiptMessages } from "../../../messages";
import { isCalendarDate } from "../invoices/paymentInput";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ReceiptLine {
  name: string;
  quantity: number;
  price: number;
  taxName: string;
  taxPercentage: number;
}

export interface ReceiptInput {
  requestId: string;
  kind: ReceiptKind;
  clientId: number;
  amount: number;
  currency: string;
  date: string;
  text: string;
  /** A Chitanta's series; "" for a Bon (the cash register numbers it). */
  seriesName: string;
  lines: ReceiptLine[];
}

/** Positive, with at most two decimals. */
const isMoney = (value: number) => Number.isFinite(value) && value > 0 && Math.abs(value * 100 - Math.round(value * 100)) <= 1e-6;

export function checkReceiptInput(body: Static<typeof receiptBody>): ReceiptInput {
  const errors: Record<string, string> = {};
  const requestId = body.requestId.trim().toLowerCase();
  if (!UUID.test(requestId)) errors.requestId = receiptMessages.requestIdInvalid;
  const kind = (["Chitanta", "Bon"] as const).find((known) => known.toLowerCase() === body.kind.trim().toLowerCase());
  if (!kind) errors.kind = receiptMessages.kindInvalid;
  const currency = body.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = receiptMessages.currencyInvalid;
  else if (kind === "Bon" && currency !== "RON") errors.currency = receiptMessages.fiscalOnlyInLei;
  const date = body.date.trim();
  if (!isCalendarDate(date)) errors.date = receiptMessages.dateInvalid;
  const text = (body.text ?? "").trim();

  const lines: ReceiptLine[] = [];
  let amount = body.amount ?? NaN;
  if (kind === "Bon") {
    const sent = body.lines ?? [];
    if (sent.length === 0) errors.lines = receiptMessages.linesRequired;
    sent.forEach((line, index) => {
      const name = line.name.trim();
      const ok =
        name !== "" &&
        Number.isFinite(line.quantity) &&
        line.quantity > 0 &&
        Number.isFinite(line.price) &&
        line.price >= 0 &&
        Math.abs(line.price * 100 - Math.round(line.price * 100)) <= 1e-6 &&
        line.taxName.trim() !== "" &&
        line.taxPercentage >= 0 &&
        line.taxPercentage <= 100;
      if (!ok) errors.lines ??= receiptMessages.lineInvalid(index + 1);
      lines.push({ name, quantity: line.quantity, price: line.price, taxName: line.taxName.trim(), taxPercentage: line.taxPercentage });
    });
    // A fiscal receipt's amount is what its lines come to; an amount sent with it must agree.
    amount = Math.round(lines.reduce((total, line) => total + line.quantity * line.price, 0) * 100) / 100;
    if (!errors.lines && sent.length > 0) {
      // Lines of price 0 come to nothing: the database (and SmartBill) want an amount above zero.
      if (amount <= 0) errors.lines = receiptMessages.fiscalTotalZero;
      else if (body.amount !== undefined && Number.isFinite(amount) && Math.abs(body.amount - amount) > 0.005) {
        errors.amount = receiptMessages.fiscalAmountDiffers(amount);
      }
    }
  } else if (kind === "Chitanta" && (body.lines ?? []).length > 0) {
    // Products belong on a fiscal receipt: a receipt of them would be issued for `amount`, them dropped unseen.
    errors.lines = receiptMessages.linesOnlyFiscal;
    if (!isMoney(amount)) errors.amount = receiptMessages.amountInvalid;
  } else if (Number.isFinite(amount) && amount > MAX_AMOUNT) {
    // Said before the decimals are checked: 1e308 has none a cent can tell, and is simply too large.
    errors.amount = receiptMessages.amountTooLarge;
  } else if (!isMoney(amount)) {
    errors.amount = receiptMessages.amountInvalid;
  }
  // Lines of huge quantities and prices can come to more than a number holds (Infinity): too large too.
  if (!errors.amount && !errors.lines && (!Number.isFinite(amount) || amount > MAX_AMOUNT)) errors.amount = receiptMessages.amountTooLarge;

  const seriesName = kind === "Bon" ? "" : (body.seriesName ?? "").trim();
  if (kind === "Chitanta" && !seriesName) errors.seriesName = receiptMessages.seriesRequired;

  const problems = Object.values(errors);
  if (problems.length > 0 || !kind) throw new HttpError(400, receiptInvalid(problems), errors);
  return { requestId, kind, clientId: body.clientId, amount: Math.round(amount * 100) / 100, currency, date, text, seriesName, lines };
}
