/**
 * Which addresses the ANAF client may call: only ANAF_URL, an operator's setting (never a
 * tenant's), over https; plain http only to this machine (127.0.0.1, localhost), where demo mode
 * and the tests run the ANAF emulator. No user name or password, query or fragment: the client
 * appends the service's path to it.
 */

/** ANAF's public web services host. */
export const DEFAULT_ANAF_URL = "https://webservicesp.anaf.ro";

const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why a base address may not be ANAF_URL; undefined when it may. */
export function anafUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "not an absolute URL";
  }
  if (url.username || url.password) return "a user name or password in the address";
  if (/[?#]/.test(value)) return "a query or fragment";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTNAMES.has(url.hostname)) return undefined;
  return "https is required (plain http only on 127.0.0.1 or localhost)";
}

/** The base address without trailing slashes. */
export function anafBaseUrl(value: string): string {
  return value.replace(/\/+$/, "");
}
