/**
 * What the screen says after 'Trimite Factura' (spec section 8): the success line with number
 * and series when SmartBill gave them, SmartBill's refusal with its line-break tags as spaces,
 * or the generic failure followed by the server's message.
 */
import type { InvoiceSendResult } from "../../contract/api";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type SendOutcome = { kind: "success" | "refused" | "failed"; text: string };

function withoutLineBreakTags(text: string): string {
  return text.replace(/<br\s*\/?>/gi, " ").replace(/\s+/g, " ").trim();
}

export function sendOutcome(result: InvoiceSendResult | null | undefined, translate: Translate): SendOutcome {
  const answer = result?.importResult;
  if (!answer) return { kind: "success", text: translate("invoices.sendSuccessNoBody") };
  if (answer.errorText) {
    return { kind: "refused", text: translate("invoices.sendRefused", { errorText: withoutLineBreakTags(answer.errorText) }) };
  }
  let text = translate("invoices.sendSuccess", { message: answer.message ?? "" });
  if (answer.number) text += translate("invoices.sendNumber", { number: answer.number });
  if (answer.series) text += translate("invoices.sendSeries", { series: answer.series });
  return { kind: "success", text };
}

export function sendFailure(serverMessage: string | undefined, translate: Translate): SendOutcome {
  const base = translate("invoices.sendError");
  return { kind: "failed", text: serverMessage ? `${base} ${serverMessage}` : base };
}
