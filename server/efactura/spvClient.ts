/**
 * ANAF's e-Factura REST API (`…/prod/FCTEL/rest/`), read with a company's OAuth token
 * (`Authorization: Bearer`): the message list page by page, an upload's state (stareMesaj) and a
 * message's ZIP (descarcare). Every call
 * - is first reserved in the fleet's daily budget (usage.ts): over it, SpvError 'budget' and no call;
 * - has EFACTURA_TIMEOUT_MS, follows no redirect, and reads a bounded answer;
 * - recognises ANAF's error forms (anaf-api.md C.3): business errors and daily limits come as
 *   HTTP 200 with `{eroare}` (or `<Errors errorMessage>` in stareMesaj's XML), 204 is a limit,
 *   401/403 need the company to reconnect, 500, an HTML page (the firewall's) or no answer in
 *   time mean SPV is not answering now.
 * Each failure is an SpvError whose `kind` says what the caller should do and whose message is
 * the Romanian sentence to record as the connection's `problem`.
 */
import { XMLParser } from "fast-xml-parser";
import type { Kysely } from "kysely";
import type { EfacturaConfig } from "../config";
import type { Database } from "../db/database";
import { dailyLimitOf, reserveCall, type UsageOperation } from "./usage";
import { decodeXmlText, MAX_ZIP_BYTES } from "./ubl";

/**
 * - limit: ANAF's daily limit (or its 204) was reached: stop for today;
 * - budget: our own share of the day's budget is spent: stop for today, ANAF was not asked;
 * - reconnect: the token was refused (401/403): an administrator must connect the company again;
 * - rights: the token has no rights in SPV for this CIF;
 * - unavailable: 500, a firewall's HTML page, a time-out or no connection: try at the next pass;
 * - refused: another answer of ANAF's about this request (its words kept).
 */
export type SpvErrorKind = "limit" | "budget" | "reconnect" | "rights" | "unavailable" | "refused";

export class SpvError extends Error {
  override name = "SpvError";

  constructor(
    readonly kind: SpvErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export const spvWords = {
  limit: (answer: string) => `ANAF a refuzat cererea: limita zilnică de interogări SPV a fost atinsă („${answer}”). Mesajele vor fi citite mâine.`,
  limit204: "ANAF a răspuns că limita de cereri SPV a fost atinsă. Mesajele vor fi citite la o trecere următoare.",
  budget: (operation: string) =>
    `Bugetul zilnic de cereri către ANAF (SPV) pentru ${operation === "list" ? "lista de mesaje" : operation === "status" ? "starea facturilor" : "descărcări"} a fost consumat. Citirea continuă mâine.`,
  reconnect: "ANAF a refuzat autorizarea firmei (SPV). Un administrator trebuie să reconecteze firma din 'e-Factura (SPV)'.",
  rights: (answer: string) => `ANAF: ${answer}. Conectați firma cu certificatul unei persoane cu drept în SPV pentru acest CIF.`,
  unavailable: (what: string) => `SPV (ANAF) nu răspunde acum (${what}). Mesajele vor fi citite la trecerea următoare.`,
  refused: (answer: string) => `ANAF a răspuns: ${answer}`,
  unexpected: (what: string) => `Răspuns neașteptat de la SPV (ANAF): ${what}.`,
};

/** ANAF's answer when a daily quota is spent: 'S-au facut deja 1000 interogari … in cursul zilei'. */
const DAILY_LIMIT = /S-au facut deja \d+ .* in cursul zilei/i;
const EMPTY_INBOX = /^Nu exista mesaje/i;
const PAGE_PAST_END = /^Pagina solicitata/i;
const NO_RIGHTS = /Nu aveti drept/i;

const MAX_JSON_BYTES = 8 * 1024 * 1024;
const MAX_STATUS_BYTES = 256 * 1024;

export interface SpvMessage {
  id: string;
  tip: string;
  id_solicitare: string | null;
  cif: string;
  detalii: string;
  /** YYYYMMDDHHmm, Romanian local time. */
  data_creare: string;
}

export interface SpvPage {
  messages: SpvMessage[];
  totalPages: number;
}

export type UploadState = "ok" | "nok" | "in prelucrare" | "other";

export interface UploadStatus {
  state: UploadState;
  /** ANAF's `stare` as written. */
  stare: string;
  downloadId: string | null;
  errors: string[];
}

export interface SpvClientOptions {
  db: Kysely<Database>;
  config: EfacturaConfig;
  /** `${app.efacturaUrls().api}` : the REST API is under /prod/FCTEL/rest/. */
  apiBase: string;
  cif: string;
  accessToken: string;
  now: () => number;
}

const statusParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", removeNSPrefix: true, processEntities: false });

export function createSpvClient(options: SpvClientOptions) {
  const { db, config, cif, accessToken, now } = options;
  const base = `${options.apiBase.replace(/\/+$/, "")}/prod/FCTEL/rest/`;

  async function reserve(operation: UsageOperation): Promise<void> {
    if (!(await reserveCall(db, cif, operation, dailyLimitOf(config, operation), now()))) {
      throw new SpvError("budget", spvWords.budget(operation.startsWith("download:") ? "download" : operation));
    }
  }

  /** One GET; its status, content type and body (at most `maxBytes`). */
  async function get(path: string, params: Record<string, string>, maxBytes: number) {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json, application/xml, application/zip" },
        redirect: "manual",
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new SpvError("unavailable", spvWords.unavailable(name === "TimeoutError" || name === "AbortError" ? "fără răspuns în timp util" : "conexiune eșuată"));
    }
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new SpvError("reconnect", spvWords.reconnect);
    }
    if (response.status === 204) throw new SpvError("limit", spvWords.limit204);
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new SpvError("unavailable", spvWords.unavailable(`HTTP ${response.status}`));
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new SpvError("unavailable", spvWords.unavailable(`redirecționare HTTP ${response.status}`));
    }
    const body = await boundedBody(response, maxBytes);
    if (/text\/html/i.test(contentType) || /^\s*<(!doctype\s+html|html)/i.test(body.subarray(0, 200).toString("utf8"))) {
      throw new SpvError("unavailable", spvWords.unavailable("pagină HTML în loc de răspuns, probabil firewall-ul ANAF"));
    }
    if (response.status >= 400) {
      const json = tryJson(body);
      const message = json && typeof json.message === "string" ? json.message : `HTTP ${response.status}`;
      throw new SpvError("refused", spvWords.refused(message));
    }
    return { contentType, body };
  }

  /** A JSON answer's `eroare`, as an SpvError unless it is one the caller handles. */
  function eroareError(eroare: string): SpvError {
    if (DAILY_LIMIT.test(eroare)) return new SpvError("limit", spvWords.limit(eroare));
    if (NO_RIGHTS.test(eroare)) return new SpvError("rights", spvWords.rights(eroare));
    return new SpvError("refused", spvWords.refused(eroare));
  }

  return {
    /** One page (1-based) of the messages created in [startMs, endMs]; an empty inbox or a page past the end is no message. */
    async listPage(startMs: number, endMs: number, page: number): Promise<SpvPage> {
      await reserve("list");
      const { body } = await get("listaMesajePaginatieFactura", { cif, startTime: String(startMs), endTime: String(endMs), pagina: String(page) }, MAX_JSON_BYTES);
      const json = tryJson(body);
      if (!json) throw new SpvError("unavailable", spvWords.unexpected("lista de mesaje nu este JSON"));
      if (typeof json.eroare === "string") {
        if (EMPTY_INBOX.test(json.eroare) || PAGE_PAST_END.test(json.eroare)) return { messages: [], totalPages: 0 };
        throw eroareError(json.eroare);
      }
      if (!Array.isArray(json.mesaje)) throw new SpvError("unavailable", spvWords.unexpected("lista de mesaje fără „mesaje”"));
      const messages = (json.mesaje as Record<string, unknown>[]).flatMap((m): SpvMessage[] =>
        // ANAF's ids are digits; another (e.g. "../x") would name a file in the archive folder, so it is not taken.
        m && (typeof m.id === "number" || typeof m.id === "string") && /^\d{1,30}$/.test(String(m.id)) && typeof m.tip === "string"
          ? [
              {
                id: String(m.id),
                tip: m.tip,
                id_solicitare: m.id_solicitare === undefined || m.id_solicitare === null ? null : String(m.id_solicitare),
                cif: String(m.cif ?? cif),
                detalii: String(m.detalii ?? ""),
                data_creare: String(m.data_creare ?? ""),
              },
            ]
          : [],
      );
      const totalPages = Number(json.numar_total_pagini);
      return { messages, totalPages: Number.isFinite(totalPages) ? totalPages : 1 };
    },

    /** stareMesaj(id_incarcare): ok, nok or 'in prelucrare', with ANAF's errors. */
    async uploadStatus(uploadId: string): Promise<UploadStatus> {
      await reserve("status");
      const { body } = await get("stareMesaj", { id_incarcare: uploadId }, MAX_STATUS_BYTES);
      const json = tryJson(body);
      if (json && typeof json.eroare === "string") throw eroareError(json.eroare);
      let parsed: Record<string, unknown>;
      try {
        parsed = statusParser.parse(body.toString("utf8")) as Record<string, unknown>;
      } catch {
        throw new SpvError("unavailable", spvWords.unexpected("starea nu este XML"));
      }
      const header = parsed.header as Record<string, unknown> | undefined;
      if (!header || typeof header !== "object") throw new SpvError("unavailable", spvWords.unexpected("starea fără „header”"));
      const errors = (Array.isArray(header.Errors) ? header.Errors : header.Errors ? [header.Errors] : [])
        .map((error) => (error && typeof error === "object" ? decodeXmlText(String((error as Record<string, unknown>)["@_errorMessage"] ?? "")) : ""))
        .filter(Boolean);
      const stare = typeof header["@_stare"] === "string" ? header["@_stare"] : "";
      if (!stare && errors.some((error) => DAILY_LIMIT.test(error))) throw new SpvError("limit", spvWords.limit(errors.join("; ")));
      if (!stare && errors.length > 0) throw new SpvError("refused", spvWords.refused(errors.join("; ")));
      const state: UploadState = stare === "ok" || stare === "nok" || stare === "in prelucrare" ? stare : "other";
      const downloadId = header["@_id_descarcare"];
      return { state, stare, downloadId: downloadId === undefined ? null : String(downloadId), errors };
    },

    /** descarcare(id): the message's ZIP. */
    async download(messageId: string): Promise<Uint8Array> {
      await reserve(`download:${messageId}`);
      const { body } = await get("descarcare", { id: messageId }, MAX_ZIP_BYTES);
      if (body.subarray(0, 4).equals(Buffer.from("PK\x03\x04", "latin1"))) return new Uint8Array(body);
      const json = tryJson(body);
      if (json && typeof json.eroare === "string") throw eroareError(json.eroare);
      throw new SpvError("unavailable", spvWords.unexpected("descărcarea nu este o arhivă ZIP"));
    },
  };
}

export type SpvClient = ReturnType<typeof createSpvClient>;

/** The body, refused past `maxBytes` (without reading further). */
async function boundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new SpvError("unavailable", spvWords.unexpected(`răspuns prea mare (${declared} octeți)`));
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new SpvError("unavailable", spvWords.unexpected(`răspuns mai mare de ${maxBytes} octeți`));
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (error instanceof SpvError) throw error;
    const name = (error as Error).name;
    throw new SpvError("unavailable", spvWords.unavailable(name === "TimeoutError" || name === "AbortError" ? "fără răspuns în timp util" : "răspuns întrerupt"));
  }
  return Buffer.concat(chunks);
}

function tryJson(body: Buffer): Record<string, unknown> | undefined {
  const text = body.toString("utf8").trim();
  if (!text.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
