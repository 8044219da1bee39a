/** Shared steps of the browser tests. */
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE_FILE } from "../../playwright.config";
import type { LoginResponse } from "../../contract/api";
import { TENANT_HEADER, XSRF_COOKIE, XSRF_HEADER } from "../../contract/constants";

export const DEMO_PASSWORD = "demo1234";
export const DEMO = {
  superadmin: "superadmin@demo.ro",
  admin: "admin@demo.ro",
  facturare: "facturare@demo.ro",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Adresa de email").fill(email);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(password);
  await page.getByRole("button", { name: "Conectați-vă" }).click();
}

/** Signs in from the form and waits for where sign-in lands: the user's home at `/`. */
export async function signInAndWaitForHome(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();
  await expect(page.getByTestId("appbar-user")).toContainText(email);
}

/** The name from when sign-in landed on the profile, kept for the tests that still call it. */
export const signInAndWaitForProfile = signInAndWaitForHome;

/** Signs out as a user does: the account menu in the top bar, then 'Deconectare'. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Contul meu" }).click();
  await page.getByRole("menuitem", { name: "Deconectare" }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function storedSession(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem("general");
    return raw ? JSON.parse(raw) : null;
  });
}

/** The newest password link e-mailed to an address: demo mode writes every mail to the outbox table. */
export function lastMailedLink(recipient: string): string {
  const db = new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("select body from outbox where recipient = ? order by id desc limit 1")
      .get(recipient) as { body: string } | undefined;
    const link = row?.body.match(/https?:\/\/\S+\/dmz\/\S+/)?.[0];
    if (!link) throw new Error(`no password link was mailed to ${recipient}`);
    return link;
  } finally {
    db.close();
  }
}

/** The invoice needs a client: the customer workbook's 'Alfa Construct SA' (imported or updated). */
export async function importCustomers(page: Page) {
  await page.goto("/smartbill/customers/import");
  await page.getByTestId("customer-file").setInputFiles("test/fixtures/customers/ro-title.xlsx");
  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await page.getByRole("button", { name: "Confirmă importul" }).click();
  await expect(page.getByTestId("summary-errorItems")).toHaveText("4");
}

/** A warehouse of the tenant, one of SmartBill's, unless an earlier test made it already. */
export async function ensureWarehouse(page: Page, name: string) {
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  const existing = page.getByRole("row").filter({ hasText: name });
  await page.waitForLoadState("networkidle");
  if ((await existing.count()) > 0) return;
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  // One of SmartBill's warehouses, picked from the names the form offers (its type comes with it).
  await form.getByLabel("Nume").fill(name);
  await page.getByRole("option", { name }).click();
  await form.getByRole("button", { name: "Adaugă" }).click();
  await expect(existing).toHaveCount(1);
}

/**
 * On the invoice import form: the client 'Alfa Construct SA', the warehouse 'Magazin Cluj' and the
 * LibreOffice workbook, then 'Încarcă fișierul'; the page then moves to the new invoice's screen.
 */
export async function uploadInvoiceWorkbook(page: Page) {
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Magazin Cluj" }).click();
  await page.getByTestId("invoice-file").setInputFiles("test/fixtures/invoices/ro-title.xlsx");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
}

/** The API as the invoicing clerk, for what a test needs in place before it looks (its own sign-in, on the page's cookies). */
export async function clerkApi(page: Page, baseURL: string): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  await page.context().addCookies([{ name: XSRF_COOKIE, value: "e2e", url: baseURL }]);
  const login = await page.request.post("/dmz-api/login", { data: { username: DEMO.facturare, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const session = (await login.json()) as LoginResponse;
  const headers = { Authorization: `Bearer ${session.authenticationToken}`, [TENANT_HEADER]: String(session.tenant.id), [XSRF_HEADER]: "e2e" };
  return { request: page.request, headers };
}
