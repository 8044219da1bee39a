/**
 * POST /document/send (§4.2): e-mails an invoice (`type: factura`) or a proforma (`type: proforma`;
 * each type finds only its own documents). Its own envelope, {status: {code, message}},
 * code 0 on success and 1 on a refusal (400), never an errorText. The subject and body come
 * Base64-encoded; the emulator decodes them, fills SmartBill's placeholders and keeps the mail
 * in an outbox the admin API shows (nothing leaves the machine).
 */
import { documentName, findEstimate, findInvoice } from "./documentRef";
import type { EmulatorCompany } from "./model";
import { toText } from "./requestShape";
import { texts } from "./texts";

export interface OutboxMail {
  at: string;
  cif: string;
  type: "factura" | "proforma";
  series: string;
  number: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  bodyText: string;
  /** The PDF SmartBill attaches, by name. */
  attachment: string;
}

export type DocumentSendOutcome = { ok: true; mail: OutboxMail } | { ok: false; message: string };

const ADDRESS = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function sendDocument(company: EmulatorCompany, body: Record<string, unknown>, now: number): DocumentSendOutcome {
  const refuse = (message: string): DocumentSendOutcome => ({ ok: false, message });
  const type = toText(body.type).toLowerCase();
  if (!type.trim()) return refuse(texts.documentTypeRequired);
  if (type !== "factura" && type !== "proforma") return refuse(texts.documentTypeInvalid(toText(body.type)));
  const seriesName = toText(body.seriesName);
  const number = toText(body.number);
  if (!number.trim()) return refuse(texts.documentNumberRequired);
  if (!seriesName.trim()) return refuse(texts.seriesNotFound);
  const invoice =
    type === "factura" ? findInvoice(company, seriesName, number) : findEstimate(company, seriesName, number);
  if (!invoice) return refuse(texts.documentNotFound);
  const subject = decodeBase64(body.subject);
  if (subject === undefined) return refuse(texts.subjectNotBase64);
  const bodyText = decodeBase64(body.bodyText);
  if (bodyText === undefined) return refuse(texts.bodyNotBase64);
  const to = addresses(toText(body.to) || (invoice.client.email ?? ""));
  const cc = addresses(toText(body.cc));
  const bcc = addresses(toText(body.bcc));
  if (to.length === 0 || [...to, ...cc, ...bcc].some((address) => !ADDRESS.test(address))) {
    return refuse(texts.invalidAddresses);
  }
  if (!company.emailServerConfigured) return refuse(texts.emailServerMissing);

  const name = documentName(invoice);
  const fill = (text: string) =>
    text
      .replaceAll("#serie numar document#", name)
      .replaceAll("#total document#", `${invoice.total.toFixed(invoice.precision)} ${invoice.currency}`);
  return {
    ok: true,
    mail: {
      at: new Date(now).toISOString(),
      cif: company.cif,
      type,
      series: invoice.series,
      number: invoice.number,
      to,
      cc,
      bcc,
      subject: fill(subject || (type === "proforma" ? texts.defaultEstimateSubject(name) : texts.defaultSubject(name))),
      bodyText: fill(bodyText || (type === "proforma" ? texts.defaultEstimateBody : texts.defaultBody)),
      attachment: `factura${name}.pdf`,
    },
  };
}

function addresses(list: string): string[] {
  return list
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** RFC 2045 Base64 (line breaks allowed) decoded as UTF-8; "" when absent; undefined when it is not Base64. */
function decodeBase64(value: unknown): string | undefined {
  const text = toText(value).replace(/\s+/g, "");
  if (!text) return "";
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  return Buffer.from(text, "base64").toString("utf8");
}
