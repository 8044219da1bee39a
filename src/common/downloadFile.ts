/**
 * Downloads a file the API serves (an export, a template, an error report) with the user's
 * credentials, and hands it to the browser as a saved file. `body` makes it a POST (multipart).
 */
import { HttpError } from "react-admin";
import { TENANT_HEADER, XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";
import { readCookie } from "../providers/readCookie";
import { tokenRefresher } from "../providers/tokenRefresher";

export async function downloadFile(url: string, filename: string, body?: FormData): Promise<void> {
  const current = await tokenRefresher.ensureFresh();
  const headers = new Headers();
  if (current) {
    headers.set("Authorization", `Bearer ${current.authenticationToken}`);
    headers.set(TENANT_HEADER, String(current.tenant.id));
  }
  const xsrf = readCookie(XSRF_COOKIE);
  if (body && xsrf) headers.set(XSRF_HEADER, xsrf);
  const response = await fetch(url, { method: body ? "POST" : "GET", headers, body });
  if (!response.ok) {
    const json = await response.json().catch(() => null);
    throw new HttpError(json?.message ?? `Request failed with status code ${response.status}`, response.status, json);
  }
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
