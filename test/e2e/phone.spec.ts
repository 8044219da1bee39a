/**
 * On a 375 px phone every route of the spec's table (product-spec section 2) fits the screen:
 * the page never scrolls sideways (a wide table scrolls inside its own card), and the top bar
 * keeps its controls on screen. Signed in as the super-admin acting in Demo SRL, with data in
 * every list; the public pages signed out. Sign-out is reachable from the account menu.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile, signOut } from "./helpers";

test.use({ viewport: { width: 375, height: 740 } });

/** One of the emulator's warehouses, so a stock import brings products in; other tests may have added it. */
const WAREHOUSE = "Magazin Cluj";
const PASSWORD_LINK = "email=ana%40example.ro&token=abc";

/**
 * The page has settled and nothing of it reaches past the right edge of the screen; the top
 * bar's last control (the account menu, or signed out 'Autentificare') is wholly on screen.
 */
async function expectFitsTheScreen(page: Page, route: string, heading: string | RegExp) {
  try {
    await expect(page.getByRole("heading", { level: 1, name: heading }), route).toBeVisible();
  } catch (error) {
    // Where the browser really was, to tell a wrong page from a slow one.
    const shown = await page.getByRole("heading", { level: 1 }).allInnerTexts();
    throw new Error(`${route}: at ${page.url()} the headings were ${JSON.stringify(shown)}`, { cause: error });
  }
  await page.waitForLoadState("networkidle");
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  const bar = page.getByRole("banner");
  const lastControl = (await bar.getByRole("button", { name: "Contul meu" }).count())
    ? bar.getByRole("button", { name: "Contul meu" })
    : bar.getByRole("link", { name: "Autentificare" });
  await expect(lastControl, `${route}: the top bar's last control`).toBeInViewport({ ratio: 1 });
}

async function chooseDemoOnThePhone(page: Page) {
  await page.getByRole("button", { name: "Contul meu" }).click();
  await page.getByRole("menuitem", { name: "Schimbă firma" }).click();
  const dialog = page.getByRole("dialog", { name: "Alegeți firma" });
  await dialog.getByLabel("Caută firma (nume sau descriere)").fill("demo");
  await dialog.getByRole("button", { name: /^Demo SRL/ }).click();
  await expect(page.getByTestId("acting-tenant")).toHaveText("Demo SRL");
}

/** Customers, a warehouse, its stock and an imported invoice, made on the phone; the invoice's id. */
async function fillDemoTenant(page: Page): Promise<string> {
  await page.goto("/smartbill/customers/import");
  await page.getByTestId("customer-file").setInputFiles("test/fixtures/customers/ro-title.xlsx");
  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await page.getByRole("button", { name: "Confirmă importul" }).click();
  await expect(page.getByTestId("summary-errorItems")).toHaveText("4");

  await page.goto("/smartbill/warehouse");
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  await expect(form).toBeVisible();
  await page.waitForLoadState("networkidle");
  if ((await page.getByRole("row").filter({ hasText: WAREHOUSE }).count()) === 0) {
    // SmartBill's warehouse, picked from the names it offers (its type comes with it).
    await form.getByLabel("Nume").fill(WAREHOUSE);
    await page.getByRole("option", { name: WAREHOUSE }).click();
    await form.getByRole("button", { name: "Adaugă" }).click();
    await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  }

  await page.goto("/smartbill/stock/import");
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: WAREHOUSE }).click();
  await page.getByRole("button", { name: "Import Stoc" }).click();
  await expect(page.getByRole("alert")).toContainText("lista de sarcini");

  await page.goto("/smartbill/invoice");
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: WAREHOUSE }).click();
  await page.getByTestId("invoice-file").setInputFiles("test/fixtures/invoices/ro-title.xlsx");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const id = page.url().split("/").pop()!;

  await page.goto("/tasks");
  await expect(page.getByRole("row").nth(1).getByTestId("task-status")).toHaveText("Finalizată", { timeout: 20_000 });
  return id;
}

test("every public page fits a 375 px phone", async ({ page }) => {
  const routes: Array<[string, string | RegExp]> = [
    ["/", "Platforma B2B de Schimburi Comerciale"],
    ["/about", "Despre platformă"],
    ["/contact", "Contact"],
    ["/login", "Autentificare"],
    ["/recuperare-parola", "Recuperare parolă"],
    ["/schimbare-parola", "Autentificare"], // signed out: sign in first
    ["/profile", "Autentificare"],
    [`/dmz/set-password?${PASSWORD_LINK}`, "Setează parola"],
    [`/dmz/reset-password?${PASSWORD_LINK}`, "Resetează parola"],
    ["/privacy", "Politica de confidențialitate"],
    ["/terms", "Termeni și condiții"],
    ["/logout", "Platforma B2B de Schimburi Comerciale"], // signed out: straight home
    ["/admin/tenants", "Autentificare"],
    ["/pagina-care-nu-exista", "Pagină Inexistentă"],
  ];
  for (const [route, heading] of routes) {
    await page.goto(route);
    await expectFitsTheScreen(page, route, heading);
  }
});

test("every screen of the spec's table fits a 375 px phone, signed in as the super-admin", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await chooseDemoOnThePhone(page);
  const invoiceId = await fillDemoTenant(page);

  const routes: Array<[string, string | RegExp]> = [
    ["/", "Bun venit!"],
    ["/login", "Bun venit!"],
    ["/profile", "Profil"],
    ["/schimbare-parola", "Schimbare Parolă"],
    ["/admin/tenants", "Firme"],
    ["/admin/users", "Utilizatori"],
    ["/admin/properties", "Configurare parametri"],
    ["/smartbill/invoice", "SmartBill - Import Factură"],
    ["/smartbill/invoice/import", "SmartBill - Import Factură"],
    ["/smartbill/invoices", "Facturi importate prin SmartBill"],
    [`/smartbill/invoice/edit/${invoiceId}`, `Factură #${invoiceId} — de trimis în SmartBill`],
    ["/smartbill/customers", "Lista Clienți"],
    ["/smartbill/customers/import", "Import Clienți"],
    ["/smartbill/stock", "Lista Produse"],
    ["/smartbill/stock/import", "Import Stoc Produse"],
    ["/smartbill/warehouse", "Management Depozite"],
    ["/tasks", "Sarcini"],
    [`/dmz/set-password?${PASSWORD_LINK}`, "Setează parola"],
    ["/privacy", "Politica de confidențialitate"],
    ["/terms", "Termeni și condiții"],
    ["/pagina-care-nu-exista", "Pagină Inexistentă"],
  ];
  for (const [route, heading] of routes) {
    await page.goto(route);
    await expectFitsTheScreen(page, route, heading);
  }
  // The lists really held rows: their tables were measured, not empty states.
  await page.goto("/smartbill/customers");
  await expect(page.getByRole("row").filter({ hasText: "Alfa Construct SA" })).toHaveCount(1);
  await page.goto("/smartbill/stock");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE }).first()).toBeVisible();

  // The invoice's product lines: the second tab of the edit screen.
  await page.goto(`/smartbill/invoice/edit/${invoiceId}`);
  await page.getByRole("tab", { name: "Produse" }).click();
  await expect(page.getByTestId("product-line").first()).toBeVisible();
  await expectFitsTheScreen(page, "the invoice's lines", `Factură #${invoiceId} — de trimis în SmartBill`);
});

test("on a 375 px phone the account menu names the user and tenant, and signs out", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.getByRole("button", { name: "Contul meu" }).click();
  const menu = page.getByRole("menu");
  await expect(page.getByTestId("account-menu-user")).toContainText(DEMO.facturare);
  await expect(page.getByTestId("account-menu-user")).toContainText("Firma: Demo SRL");
  for (const item of ["Profil", "Deconectare", "Română", "English"]) {
    await expect(menu.getByRole("menuitem", { name: item }), item).toBeInViewport({ ratio: 1 });
  }
  await page.keyboard.press("Escape");
  await signOut(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Autentificare" })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => localStorage.getItem("general"))).toBeNull();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
});
