/**
 * Every call to the API goes through here (spec section 7): the Bearer token and X-Tenant-ID of
 * the stored user (refreshed first when about to expire), and on same-origin calls the
 * anti-forgery cookie echoed in X-XSRF-TOKEN. Errors follow requestJson's rules.
 */
import { TENANT_HEADER, XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { readCookie } from "./readCookie";
import { requestJson, type JsonResponse, type RequestOptions } from "./requestJson";
import { tokenRefresher as defaultRefresher, type TokenRefresher } from "./tokenRefresher";

export type HttpClient = <T = any>(url: string, options?: RequestOptions) => Promise<JsonResponse<T>>;

function isSameOrigin(url: string): boolean {
  if (typeof window === "undefined") return false;
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** The headers every API call carries; also used for file downloads, which are not JSON. */
export async function apiHeaders(
  url: string,
  base?: HeadersInit,
  refresher: TokenRefresher = defaultRefresher,
): Promise<Headers> {
  const headers = new Headers(base);
  const current = await refresher.ensureFresh();
  if (current) {
    headers.set("Authorization", `Bearer ${current.authenticationToken}`);
    headers.set(TENANT_HEADER, String(current.tenant.id));
  }
  const xsrf = isSameOrigin(url) ? readCookie(XSRF_COOKIE) : undefined;
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  return headers;
}

export function createHttpClient(refresher: TokenRefresher = defaultRefresher): HttpClient {
  return async (url, options = {}) =>
    requestJson(url, { ...options, headers: await apiHeaders(url, options.headers, refresher) });
}

export const httpClient = createHttpClient();
