/**
 * Invoices for the browser benchmarks, made as a clerk makes them, through the API: signed in as
 * the demo tenant's invoicing user, the customer workbook imported, then one invoice imported per
 * line count from a workbook written with exceljs (RON, VAT 21%, quantities and prices that vary).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { TENANT_HEADER, XSRF_COOKIE, XSRF_HEADER } from "../contract/constants";
import { API_PATHS, apiPathOf, DMZ_PATHS } from "../contract/paths";

const CUSTOMER_WORKBOOK = join(import.meta.dirname, "../test/fixtures/customers/ro-title.xlsx");
/** A client of that workbook. */
const CLIENT_CODE = "C002";

/** The API as the signed-in user calls it: Bearer token, tenant, and the anti-forgery cookie echoed. */
export async function signedInApi(url: string, email: string, password: string) {
  const first = await fetch(`${url}/`);
  const xsrf = first.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).find((pair) => pair.startsWith(`${XSRF_COOKIE}=`));
  if (!xsrf) throw new Error("the server handed out no anti-forgery cookie");
  const login = await fetch(`${url}${DMZ_PATHS.login}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email} failed: ${login.status}`);
  const { authenticationToken, tenant } = (await login.json()) as { authenticationToken: string; tenant: { id: number } };
  const headers = {
    authorization: `Bearer ${authenticationToken}`,
    [TENANT_HEADER]: String(tenant.id),
    cookie: xsrf,
    [XSRF_HEADER]: decodeURIComponent(xsrf.slice(XSRF_COOKIE.length + 1)),
  };
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const answer = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${answer.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

/** A workbook of `count` lines with the import's Romanian headers. */
export async function linesWorkbook(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Produse");
  sheet.addRow(["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"]);
  for (let i = 1; i <= count; i++) {
    sheet.addRow([`Produs de test ${i}`, `P${String(i).padStart(4, "0")}`, 1 + (i % 7), 10 + ((i * 37) % 500) + 0.25, 21]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Signs in, imports the customers, then one invoice per line count; answers their ids in that order. */
export async function seedInvoices(url: string, email: string, password: string, lineCounts: readonly number[]): Promise<number[]> {
  const api = await signedInApi(url, email, password);
  const customers = new FormData();
  customers.append("file", new Blob([new Uint8Array(readFileSync(CUSTOMER_WORKBOOK))]), "clienti.xlsx");
  await api(API_PATHS.customerImport, { method: "POST", body: customers });
  const found = await api<{ content: { id: number }[] }>(`${apiPathOf("customers")}/all?page=0&size=1&codClient=${CLIENT_CODE}`);
  const clientId = found.content[0]?.id;
  if (clientId === undefined) throw new Error(`the customer ${CLIENT_CODE} was not imported`);
  const ids: number[] = [];
  for (const count of lineCounts) {
    const form = new FormData();
    form.append("payload", JSON.stringify({ clientId }));
    form.append("file", new Blob([new Uint8Array(await linesWorkbook(count))]), `linii-${count}.xlsx`);
    const answer = await api<{ error: boolean; importRequestId?: number; message?: string }>(`${API_PATHS.invoices}/import`, { method: "POST", body: form });
    if (answer.error || answer.importRequestId === undefined) throw new Error(`the ${count}-line invoice was refused: ${JSON.stringify(answer).slice(0, 300)}`);
    ids.push(answer.importRequestId);
  }
  return ids;
}
