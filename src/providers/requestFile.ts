/**
 * A file the API serves (an export, a template, an error report), fetched with the user's
 * credentials as a Blob; `body` makes it a POST (multipart). Failures carry the server's message,
 * as the httpClient's do.
 */
import { HttpError } from "./HttpError";
import { apiHeaders } from "./httpClient";

export async function requestFile(url: string, body?: FormData): Promise<Blob> {
  const headers = await apiHeaders(url);
  const response = await fetch(url, { method: body ? "POST" : "GET", headers, body });
  if (!response.ok) {
    const json = await response.json().catch(() => null);
    throw new HttpError(json?.message ?? `Request failed with status code ${response.status}`, response.status, json);
  }
  return response.blob();
}
