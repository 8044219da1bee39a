/**
 * ANAF's `transformare`: the public service (no OAuth) that turns a UBL invoice into the PDF ANAF
 * shows in SPV. POST `<public>/prod/FCTEL/rest/transformare/FACT1` (FCN for a credit note, chosen
 * from the XML's root element) with the XML as a text/plain body; it answers application/pdf, or
 * JSON `{stare: "nok", Messages: [{message}]}` when it cannot read the XML.
 *
 * The PDF is not cached: it is asked for rarely (a clerk's click), ANAF makes it in a moment, and
 * the signed ZIP it comes from is what is archived; keeping both would store every invoice twice.
 */
import type { FastifyInstance } from "fastify";

/** Why ANAF gave no PDF, in Romanian, for the clerk. */
export class EfacturaTransformError extends Error {
  override name = "EfacturaTransformError";
  constructor(
    /** `refused`: ANAF read the XML and said no; `unavailable`: no usable answer. */
    readonly kind: "refused" | "unavailable",
    message: string,
  ) {
    super(message);
  }
}

export const TRANSFORM_UNAVAILABLE = "ANAF nu răspunde. Încercați din nou.";
export const transformRefused = (why: string) => `ANAF nu a putut transforma factura în PDF: ${why}`;

/** A PDF larger than this is not a PDF of one invoice: the answer is cut off and refused. */
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** Enough for ANAF's JSON refusal. */
const MAX_JSON_BYTES = 64 * 1024;

/** FACT1 for an Invoice, FCN for a CreditNote: the XML's first element after its prolog and comments. */
export function transformStandard(xml: string): "FACT1" | "FCN" {
  const body = xml.replace(/<\?[\s\S]*?\?>/g, "").replace(/<!--[\s\S]*?-->/g, "");
  const root = /<\s*(?:[\w.-]+:)?([\w.-]+)/.exec(body)?.[1];
  return root === "CreditNote" ? "FCN" : "FACT1";
}

/** The PDF ANAF makes of this UBL invoice or credit note. */
export async function transformToPdf(app: FastifyInstance, xml: string): Promise<Buffer> {
  const base = app.efacturaUrls()?.public;
  if (!base) throw new EfacturaTransformError("unavailable", TRANSFORM_UNAVAILABLE);
  let response: Response;
  try {
    response = await fetch(`${base}/prod/FCTEL/rest/transformare/${transformStandard(xml)}`, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8", accept: "application/pdf, application/json" },
      body: xml,
      redirect: "manual",
      signal: AbortSignal.timeout(app.config.efactura.timeoutMs),
    });
  } catch {
    throw new EfacturaTransformError("unavailable", TRANSFORM_UNAVAILABLE);
  }
  const type = response.headers.get("content-type") ?? "";
  try {
    if (response.status === 200 && type.startsWith("application/pdf")) {
      const pdf = await boundedBody(response, MAX_PDF_BYTES);
      if (pdf && pdf.subarray(0, 5).toString("latin1") === "%PDF-") return pdf;
      throw new EfacturaTransformError("unavailable", TRANSFORM_UNAVAILABLE);
    }
    if (type.includes("json")) {
      const text = (await boundedBody(response, MAX_JSON_BYTES))?.toString("utf8");
      const why = text ? refusalText(text) : undefined;
      if (why) throw new EfacturaTransformError("refused", transformRefused(why));
    } else {
      await response.body?.cancel();
    }
  } catch (error) {
    if (error instanceof EfacturaTransformError) throw error;
    throw new EfacturaTransformError("unavailable", TRANSFORM_UNAVAILABLE);
  }
  throw new EfacturaTransformError("unavailable", TRANSFORM_UNAVAILABLE);
}

/** ANAF's messages of a `{stare: "nok", Messages: [{message}]}`, joined; undefined for any other JSON. */
function refusalText(text: string): string | undefined {
  try {
    const answer = JSON.parse(text) as { stare?: unknown; Messages?: unknown };
    if (answer?.stare !== "nok") return undefined;
    const list = Array.isArray(answer.Messages) ? answer.Messages : [];
    const words = list
      .map((entry) => (entry && typeof entry === "object" ? (entry as { message?: unknown }).message : undefined))
      .filter((message): message is string => typeof message === "string" && message.trim() !== "")
      .map((message) => message.trim().slice(0, 500));
    return words.length > 0 ? words.join("; ") : "fișierul XML nu este valid.";
  } catch {
    return undefined;
  }
}

/** The body, or undefined when it is longer than `limit` (then it is not read further). */
async function boundedBody(response: Response, limit: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
