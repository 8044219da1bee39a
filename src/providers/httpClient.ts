/**
 * Every call to the API goes through here (spec section 7): the Bearer token of the stored user
 * (refreshed first when about to expire) and X-Tenant-ID of the tenant the user acts on (their
 * own, or the one a super-admin chose in the top bar), and on same-origin calls the anti-forgery
 * cookie echoed in X-XSRF-TOKEN. Errors follow requestJson's rules.
 */
import { HttpError } from "./HttpError";
import { TENANT_HEADER, XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { API_PATHS } from "../../contract/paths";
import { readCookie } from "./readCookie";
import { requestJson, type JsonResponse, type RequestOptions } from "./requestJson";
import { session } from "./session";
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
    headers.set(TENANT_HEADER, String(session.actingTenant(current)!.id));
  }
  const xsrf = isSameOrigin(url) ? readCookie(XSRF_COOKIE) : undefined;
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  return headers;
}

/** One question per tenant at a time, however many calls failed together. */
const tenantChecks = new Map<number, Promise<boolean>>();

/**
 * Whether the tenant in `headers` is gone: the server refuses every call naming a tenant that
 * does not exist with 404 before the route runs, so GET /api/me (which answers for any tenant
 * that exists) tells that apart from a record missing on one route.
 */
function tenantIsGone(url: string, headers: Headers): Promise<boolean> {
  const tenantId = Number(headers.get(TENANT_HEADER));
  let check = tenantChecks.get(tenantId);
  if (!check) {
    const me = new URL(API_PATHS.me, new URL(url, window.location.href)).href;
    const probe = new Headers({ Authorization: headers.get("Authorization") ?? "", [TENANT_HEADER]: String(tenantId) });
    check = requestJson(me, { headers: probe }).then(
      () => false,
      (error) => error instanceof HttpError && error.status === 404,
    );
    tenantChecks.set(tenantId, check);
    void check.finally(() => tenantChecks.delete(tenantId));
  }
  return check;
}

/** A 404 while acting on a chosen tenant: if that tenant was deleted, the choice ends. */
async function dropChoiceIfTenantGone(url: string, headers: Headers): Promise<void> {
  const current = session.get();
  const acting = session.actingTenant(current);
  if (!current || !acting || acting.id === current.tenant.id) return;
  if (Number(headers.get(TENANT_HEADER)) !== acting.id) return;
  if (await tenantIsGone(url, headers)) session.dropTenantChoice(acting);
}

export function createHttpClient(refresher: TokenRefresher = defaultRefresher): HttpClient {
  return async (url, options = {}) => {
    const headers = await apiHeaders(url, options.headers, refresher);
    try {
      return await requestJson(url, { ...options, headers });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) await dropChoiceIfTenantGone(url, headers);
      throw error;
    }
  };
}

export const httpClient = createHttpClient();
