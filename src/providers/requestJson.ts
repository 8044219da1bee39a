/**
 * One JSON request with the product's error rules (spec section 8): the server's `message`
 * becomes the error text, a non-2xx answer without one becomes 'Request failed with status
 * code N', and network failures and time-outs are reported as such. Used by the httpClient
 * and by the sign-in calls, which go out before there is a token.
 */
import { HttpError } from "./HttpError";

export const NETWORK_ERROR_MESSAGE = "Eroare de rețea: serverul nu poate fi contactat.";
export const timeoutMessage = (ms: number) => `Cererea a depășit timpul de așteptare (${ms} ms).`;

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface RequestOptions extends RequestInit {
  /** No time-out unless given (the spec's default is none). */
  timeoutMs?: number;
}

export async function requestJson<T = any>(url: string, options: RequestOptions = {}): Promise<JsonResponse<T>> {
  const { timeoutMs, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  const isForm = typeof FormData !== "undefined" && init.body instanceof FormData;
  if (init.body !== undefined && !isForm && !headers.has("Content-Type")) {
    headers.set("Content-Type", "application/json");
  }
  const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : init.signal;

  let response: Response;
  try {
    response = await fetch(url, { ...init, headers, signal });
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === "TimeoutError" || (name === "AbortError" && timeoutMs)) {
      throw new HttpError(timeoutMessage(timeoutMs ?? 0), 0, { message: timeoutMessage(timeoutMs ?? 0) });
    }
    if (name === "AbortError") throw error;
    throw new HttpError(NETWORK_ERROR_MESSAGE, 0, { message: NETWORK_ERROR_MESSAGE });
  }

  const body = await response.text();
  let json: any = undefined;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    const serverMessage = typeof json?.message === "string" && json.message ? json.message : undefined;
    throw new HttpError(serverMessage ?? `Request failed with status code ${response.status}`, response.status, json);
  }
  return { status: response.status, headers: response.headers, body, json };
}
