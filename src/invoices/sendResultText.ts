/**
 * What the screen says after 'Trimite Factura' (spec section 8), and about an invoice already sent.
 *
 * Success is built only from the parts SmartBill returned: 'Succes: {message}' (SmartBill usually
 * sends an empty message: then 'Succes: factura a fost emisă în SmartBill'), then
 * ' - Număr: {number}' and ' - Serie: {series}' when present. SmartBill gives a draft (isDraft)
 * no number, so a draft's send says it was saved there as a draft, not fiscal, to be issued with
 * 'Emite factura', rather than showing an empty number. A refusal is SmartBill's errorText with
 * its line-break tags as spaces; a failure is the generic sentence followed by the server's message.
 */
import type { Invoice, InvoiceSendResult } from "../../contract/api";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type SendOutcome = { kind: "success" | "refused" | "failed"; text: string };

function withoutLineBreakTags(text: string): string {
  return text.replace(/<br\s*\/?>/gi, " ").replace(/\s+/g, " ").trim();
}

/** 'Factura a fost salvată ca ciornă în SmartBill, în seria SBL. …' (the series when SmartBill named it). */
function savedAsDraft(series: string, translate: Translate): string {
  return series ? translate("resources.invoices.sentAsDraft", { series }) : translate("resources.invoices.sentAsDraftNoSeries");
}

export function sendOutcome(result: InvoiceSendResult | null | undefined, translate: Translate): SendOutcome {
  const answer = result?.importResult;
  if (!answer) return { kind: "success", text: translate("resources.invoices.sendSuccessNoBody") };
  if (answer.errorText) {
    return { kind: "refused", text: translate("resources.invoices.sendRefused", { errorText: withoutLineBreakTags(answer.errorText) }) };
  }
  const message = answer.message?.trim();
  const lead = message ? translate("resources.invoices.sendSuccess", { message }) : translate("resources.invoices.sendSuccessNoMessage");
  // An invoice sent as a final one always gets a number; only a draft comes back without one.
  if (!answer.number && result.invoice?.draft !== false) {
    const draft = savedAsDraft(answer.series, translate);
    return { kind: "success", text: message ? `${lead} - ${draft}` : draft };
  }
  let text = lead;
  if (answer.number) text += translate("resources.invoices.sendNumber", { number: answer.number });
  if (answer.series) text += translate("resources.invoices.sendSeries", { series: answer.series });
  return { kind: "success", text };
}

export function sendFailure(serverMessage: string | undefined, translate: Translate): SendOutcome {
  const base = translate("resources.invoices.sendError");
  return { kind: "failed", text: serverMessage ? `${base} ${serverMessage}` : base };
}

/** The note over a sent invoice: its series and number, or, for a SmartBill draft, that it waits there unnumbered. */
export function sentNote(invoice: Pick<Invoice, "sentSeries" | "sentNumber">, translate: Translate): string {
  const series = invoice.sentSeries ?? "";
  if (invoice.sentNumber) return translate("resources.invoices.alreadySent", { series, number: invoice.sentNumber });
  return series
    ? translate("resources.invoices.alreadySentAsDraft", { series })
    : translate("resources.invoices.alreadySentAsDraftNoSeries");
}
