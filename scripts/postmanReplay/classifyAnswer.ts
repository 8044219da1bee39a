/**
 * How `npm run replay:postman` judges one answer of the SmartBill emulator to a request of
 * SmartBill's own Postman collection:
 *   ok       2xx and nothing refused (an empty errorText, /document/send's status code 0, a PDF)
 *   refused  SmartBill's own refusal, in its shape: an errorText, /document/send's status code 1,
 *            or the HTML page SmartBill answers some calls with (nginx 502 on /invoice/pdf, Tomcat
 *            500 on /payment/text with a bad id)
 *   missing  the emulator has no such route (its Tomcat 404 page)
 *   broken   the emulator refuses the vendor's request for its shape: invalid_request_error
 *            (json_mapping_error, json_parse_error, …), 405, 415, or anything else unexpected
 * The reason says why (SmartBill's text, or the mapping error), so that a reader can judge each refusal.
 */

export const VERDICTS = ["ok", "refused", "missing", "broken"] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface ReplayAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface Judgement {
  verdict: Verdict;
  reason: string;
}

export function classifyAnswer({ status, contentType, body }: ReplayAnswer): Judgement {
  const json = /json/i.test(contentType) ? parseJson(body) : undefined;
  if (json === undefined) {
    if (status === 404) return { verdict: "missing", reason: "404: no such route" };
    if (status >= 200 && status < 300) {
      // A PDF (labelled as the Accept asked) or other binary answer.
      return body.startsWith("%PDF-") || !/html/i.test(contentType)
        ? { verdict: "ok", reason: "" }
        : { verdict: "broken", reason: `${status} HTML page` };
    }
    if ((status === 500 || status === 502) && /html/i.test(contentType)) {
      return { verdict: "refused", reason: `${status} HTML page` };
    }
    return { verdict: "broken", reason: `${status} ${contentType || "without a Content-Type"}` };
  }
  if (json.type === "invalid_request_error" || status === 405 || status === 415) {
    const [error] = Array.isArray(json.errors) ? (json.errors as Record<string, unknown>[]) : [];
    return { verdict: "broken", reason: `${status} ${String(error?.code ?? "")}: ${String(error?.message ?? "")}`.trim() };
  }
  const sendStatus = isRecord(json.status) ? json.status : undefined;
  const errorText =
    typeof json.errorText === "string" ? json.errorText : sendStatus && sendStatus.code !== 0 ? String(sendStatus.message ?? "") : "";
  if (status >= 200 && status < 300 && !errorText) return { verdict: "ok", reason: "" };
  if (errorText) return { verdict: "refused", reason: `${status} ${firstPart(errorText)}` };
  if (status === 404) return { verdict: "missing", reason: "404: no such route" };
  return { verdict: "broken", reason: `${status} without an errorText` };
}

/** "N ok, N refused, N missing, N broken". */
export function totalsLine(verdicts: readonly Verdict[]): string {
  return VERDICTS.map((verdict) => `${verdicts.filter((v) => v === verdict).length} ${verdict}`).join(", ");
}

/** SmartBill's errorText up to its first HTML tag, as SPEC26 advises reading it. */
function firstPart(text: string): string {
  const cut = text.indexOf("<");
  return (cut === -1 ? text : text.slice(0, cut)).trim() || text;
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
