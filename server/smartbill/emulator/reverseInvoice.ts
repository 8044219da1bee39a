/**
 * POST /invoice/reverse (§4.1): a storno invoice, numbered next in the original's series, with
 * every line's quantity (and so every value) negated, linked both ways to the original. Its
 * stock comes back when the original discharged any. SmartBill's refusals, in order: missing
 * series or number, not found, cancelled, a storno itself, already reversed, a date before the
 * original's.
 */
import { romanianDate } from "../bucharestTime";
import { documentName, findInvoice, refOf } from "./documentRef";
import { round } from "./invoices";
import type { EmulatorCompany, EmulatorInvoice } from "./model";
import { toText } from "./requestShape";
import { returnStock } from "./stockMoves";
import { texts } from "./texts";

export type ReverseOutcome = { ok: true; storno: EmulatorInvoice } | { ok: false; errorText: string };

export function reverseInvoice(company: EmulatorCompany, body: Record<string, unknown>, now: number): ReverseOutcome {
  const refuse = (errorText: string): ReverseOutcome => ({ ok: false, errorText });
  const seriesName = toText(body.seriesName);
  const number = toText(body.number);
  if (!seriesName) return refuse(texts.seriesRequired);
  if (!number) return refuse(texts.numberRequired);
  const original = findInvoice(company, seriesName, number);
  if (!original) return refuse(texts.invoiceNotFoundNamed(`${seriesName}${number}`));
  const name = documentName(original);
  if (original.cancelled) return refuse(texts.reverseCancelled(name));
  if (original.reverses) return refuse(texts.reverseStorno(name));
  if (original.reversedBy) return refuse(texts.alreadyReversed);
  const issueDate = toText(body.issueDate) || romanianDate(now);
  if (issueDate < original.issueDate) return refuse(texts.reverseBeforeOriginal);
  const series = company.series.find((s) => s.type === "f" && s.name === original.series);
  if (!series) return refuse(texts.seriesNotFound);

  const negate = (value: number) => round(-value, original.precision);
  const storno: EmulatorInvoice = {
    documentId: company.nextDocumentId++,
    series: series.name,
    number: String(series.nextNumber).padStart(4, "0"),
    isDraft: false,
    issueDate,
    currency: original.currency,
    precision: original.precision,
    client: { ...original.client },
    lines: original.lines.map((line) => ({
      ...line,
      quantity: line.isDiscount ? line.quantity : -line.quantity,
      price: line.isDiscount ? -line.price : line.price,
      net: negate(line.net),
      vat: negate(line.vat),
      total: negate(line.total),
    })),
    totalNet: negate(original.totalNet),
    totalVat: negate(original.totalVat),
    total: negate(original.total),
    paid: 0,
    discharged: original.discharged.map((move) => ({ ...move, quantity: -move.quantity })),
    createdAt: new Date(now).toISOString(),
    reverses: refOf(original),
  };
  series.nextNumber += 1;
  returnStock(company, original); // the reversed goods come back

  original.reversedBy = refOf(storno);
  company.invoices.push(storno);
  return { ok: true, storno };
}
