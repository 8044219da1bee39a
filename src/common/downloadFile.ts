/**
 * Downloads a file the API serves (an export, a template, an error report) with the user's
 * credentials, and hands it to the browser as a saved file. `body` makes it a POST (multipart).
 */
import { HttpError } from "react-admin";
import { apiHeaders } from "../providers/httpClient";

export async function downloadFile(url: string, filename: string, body?: FormData): Promise<void> {
  const headers = await apiHeaders(url);
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
