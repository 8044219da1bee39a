/**
 * The shapes SmartBill answers with (§6: the classic envelope, the 401 body,
 * `invalid_request_error`, Tomcat and nginx pages) and the small readings of a request the
 * emulator needs (Basic credentials, Accept, Content-Type, query keys ignoring case).
 */
import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { toText } from "./requestShape";

export interface Envelope {
  errorText: string;
  message: string;
  number: string;
  series: string;
  url: string;
}

/** The classic V1 envelope, with the endpoint's own fields. */
export function envelope<T extends object>(extra: T): Envelope & T {
  return { errorText: "", message: "", number: "", series: "", url: "", ...extra };
}

/** SmartBill's 401 body, key for key (§1). */
export function unauthorized(errorText: string) {
  return {
    key: "!.oresp@&",
    successfully: false,
    errorText,
    errorCode: "0",
    message: "",
    operationExecuted: false,
    cooldown: 0,
    needsConsent: false,
  };
}

const DOC_URL = "https://api.smartbill.ro/#v3-error-invalid_request_error";

/** The shape of errors SmartBill finds before its invoicing logic: no errorText (§2.3). */
export function requestError(status: number, path: string, code: string, message: string, param?: string) {
  return {
    status,
    type: "invalid_request_error",
    instance: `/SBORO/api${path}`,
    errors: [{ code, message, docUrl: DOC_URL, ...(param === undefined ? {} : { param }) }],
  };
}

export function tomcatPage(status: 404 | 500, reason: string): string {
  const description =
    status === 404
      ? "The origin server did not find a current representation for the target resource or is not " +
        "willing to disclose that one exists."
      : "The server encountered an unexpected condition that prevented it from fulfilling the request.";
  return (
    `<!doctype html><html lang="en"><head><title>HTTP Status ${status} – ${reason}</title>` +
    `<style type="text/css">body {font-family:Tahoma,Arial,sans-serif;} h1 {font-size:22px;}</style></head>` +
    `<body><h1>HTTP Status ${status} – ${reason}</h1><hr class="line" />` +
    `<p><b>Type</b> Status Report</p><p><b>Description</b> ${description}</p>` +
    `<hr class="line" /><h3>Apache Tomcat</h3></body></html>`
  );
}

export const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n" +
  "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

export const MAINTENANCE_PAGE =
  "<!doctype html><html><head><title>SmartBill - lucrari de mentenanta</title></head>" +
  "<body><h1>Revenim in cateva minute</h1></body></html>";

// Not a SmartBill text: the sources show no generic one for a 200 with errorText.
export const PLAIN_ERROR_TEXT = "A aparut o eroare la procesarea cererii. Va rugam incercati din nou.";

/** An errorText as SmartBill's stock errors write them: <b>, <br/> and the hidden help block. */
export const HTML_ERROR_TEXT =
  "Cantitate stoc insuficienta la <b>factura SBL0001</b> din data <b>22/08/2026</b> pentru produsul " +
  "<b>Laptop Lenovo ThinkPad E14</b>.<br/>Verificati stocul produsului &amp; incercati din nou." +
  '<div id="moreErrorDetails" style="display:none"><p>Stocul se verifica la data documentului.</p>' +
  "<div><p>Detalii tehnice: StockException</p></div></div>";

export function isJsonContentType(header: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(header ?? "");
}

/** True when the Accept header (or its absence) lets us answer JSON. */
export function acceptsJson(header: string | undefined): boolean {
  if (!header || !header.trim()) return true;
  return header.split(",").some((range) => {
    const [type, ...params] = range.trim().toLowerCase().split(";");
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) return false;
    return type === "*/*" || type === "application/*" || type === "application/json";
  });
}

export function basicCredentials(header: string | undefined): { username: string; token: string } | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

/** A query value, its key matched ignoring case (seriesname / seriesName); "" when absent. */
export function queryParam(request: FastifyRequest, name: string): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : query[key];
  return toText(Array.isArray(value) ? value[0] : value);
}

/**
 * The document links of /invoice/v2, /invoice/reverse and /estimate/v2: fake ones, on the
 * emulator's host (a proforma's edit link says `estimate`, as SPEC26's example does).
 */
export function documentLinks(origin: string, documentId: number, kind: "invoice" | "estimate" = "invoice") {
  const edit = kind === "estimate" ? "estimate" : "factura";
  const view = kind === "estimate" ? "proforma" : "factura";
  return {
    documentUrl: `${origin}/documente/editare/${edit}/${documentId}/`,
    documentId,
    documentViewUrl: `${origin}/documente/extern/pf/${view}/${randomBytes(16).toString("hex")}?srvid=2`,
  };
}
