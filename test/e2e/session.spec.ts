import { expect, test } from "@playwright/test";
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from "../../playwright.config";
import { DEMO, lastMailedLink, signIn, signInAndWaitForProfile, signOut, storedSession } from "./helpers";

test("each demo account signs in, lands on its profile and sees its email, tenant and roles", async ({ page }) => {
  const expected = [
    { email: DEMO.superadmin, tenant: "system", role: "Super-administrator" },
    { email: DEMO.admin, tenant: "Demo SRL", role: "Administrator firmă" },
    { email: DEMO.facturare, tenant: "Demo SRL", role: "Operator facturare" },
  ];
  for (const account of expected) {
    await signInAndWaitForProfile(page, account.email);
    await expect(page.getByTestId("profile-tenant")).toHaveText(account.tenant);
    await expect(page.getByTestId("profile-roles")).toHaveText(account.role);
    await expect(page.getByTestId("appbar-user")).toHaveText(`${account.email} (${account.tenant})`);
    await expect(page.getByRole("link", { name: "Schimbare Parolă" })).toBeVisible();
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ version: 1, userName: account.email, tenant: { name: account.tenant } });
    await signOut(page);
  }
});

test("a wrong password is refused with the server's reason", async ({ page }) => {
  await signIn(page, DEMO.admin, "parola-gresita");
  await expect(page.getByText("Eroare la autentificare: Adresa de email sau parola este incorectă.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test("the login form asks for both fields before sending", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Conectați-vă" }).click();
  await expect(page.getByText("Vă rugăm introduceți o valoare!")).toHaveCount(2);
});

test("/login shows the profile to a signed-in user", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/login");
  await expect(page.getByTestId("profile-email")).toHaveText(DEMO.facturare);
});

test("/profile signed out says so and links to the login page", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByText("Nu sunteți autentificat!")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Autentificare" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

const menuEntries = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Meniu" }).getByRole("menuitem");
/** Home and the SmartBill entries, as the invoicing role and the super-admin see them. */
const SMARTBILL_ENTRIES = [
  "Acasă",
  "Import factură",
  "Facturi importate",
  "Stoc produse",
  "Import stoc",
  "Nomenclator produse",
  "Depozite",
  "Sarcini",
  "Clienți",
  "Import clienți",
];
const menuSections = (page: import("@playwright/test").Page) => page.getByTestId("menu-section");

test("the super-admin sees every section and entry of the menu", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await expect(menuSections(page)).toHaveText([
    "General",
    "SmartBill",
    "SmartBill - stoc/depozite",
    "SmartBill - clienți",
    "Administrare",
  ]);
  await expect(menuEntries(page)).toHaveText([...SMARTBILL_ENTRIES, "Firme", "Utilizatori", "Setări", "Jurnal de audit", "Conexiune SmartBill"]);
});

test("the admin sees General, the warehouses and Administration without Tenants", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.admin);
  await expect(menuSections(page)).toHaveText(["General", "SmartBill - stoc/depozite", "Administrare"]);
  await expect(menuEntries(page)).toHaveText(["Acasă", "Depozite", "Utilizatori", "Setări", "Jurnal de audit", "Conexiune SmartBill"]);
});

test("the invoicing user sees the SmartBill sections and no Administration", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await expect(menuSections(page)).toHaveText(["General", "SmartBill", "SmartBill - stoc/depozite", "SmartBill - clienți"]);
  await expect(menuEntries(page)).toHaveText(SMARTBILL_ENTRIES);
});

test("a restricted URL gives the not-found page, an allowed one opens", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.goto("/smartbill/warehouse");
  await expect(page).toHaveURL(/\/warehouses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Depozite" })).toBeVisible();

  await page.goto("/logout");
  await expect(page.getByRole("link", { name: "Autentificare" })).toBeVisible();
  await signInAndWaitForProfile(page, DEMO.admin);
  await page.goto("/admin/tenants");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Utilizatori" })).toBeVisible();
});

test("the access token is refreshed before it expires and the session keeps working", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.admin);
  const before = await storedSession(page);
  // The timer fires 10 s before expiry: with a short lifetime that is a few seconds after login.
  await expect
    .poll(async () => (await storedSession(page))?.authenticationToken, {
      timeout: E2E_ACCESS_TOKEN_TTL_SECONDS * 1000,
    })
    .not.toBe(before.authenticationToken);
  const after = await storedSession(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  const exp = (token: string) => JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).exp;
  expect(exp(after.authenticationToken)).toBeGreaterThan(exp(before.authenticationToken));
  await page.goto("/profile");
  await expect(page.getByTestId("profile-roles")).toHaveText("Administrator firmă");
});

test("logout clears all of the browser's storage and goes home", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await page.evaluate(() => localStorage.setItem("something-else", "x"));
  await signOut(page);
  await expect(page.getByRole("link", { name: "Autentificare" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expect(page.getByRole("navigation", { name: "Meniu" })).toHaveCount(0);
});

test("the user changes the password from the profile and signs in with the new one", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.getByRole("link", { name: "Schimbare Parolă" }).click();
  await expect(page).toHaveURL(/\/schimbare-parola$/);
  await page.getByLabel("Parola curentă").fill("gresita-123");
  await page.getByLabel("Parola nouă", { exact: true }).fill("parola-noua-123");
  await page.getByLabel("Confirmă parola nouă").fill("parola-noua-123");
  await page.getByRole("button", { name: "Schimbă parola" }).click();
  await expect(page.getByText("Parola curentă este incorectă.")).toBeVisible();
  await page.getByLabel("Parola curentă").fill("demo1234");
  await page.getByRole("button", { name: "Schimbă parola" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Put it back, so the other tests keep the demo password.
  await page.getByRole("link", { name: "Schimbare Parolă" }).click();
  await page.getByLabel("Parola curentă").fill("parola-noua-123");
  await page.getByLabel("Parola nouă", { exact: true }).fill("demo1234");
  await page.getByLabel("Confirmă parola nouă").fill("demo1234");
  await page.getByRole("button", { name: "Schimbă parola" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("two tabs of one browser refresh their shared session without signing each other out", async ({ context }) => {
  const first = await context.newPage();
  await signInAndWaitForProfile(first, DEMO.admin);
  const second = await context.newPage();
  await second.goto("/profile");
  await expect(second.getByTestId("profile-email")).toHaveText(DEMO.admin);
  const before = await storedSession(first);
  // Both tabs armed a timer for the same expiry; only one of them may present the refresh token.
  await expect
    .poll(async () => (await storedSession(first))?.refreshToken, { timeout: E2E_ACCESS_TOKEN_TTL_SECONDS * 1000 })
    .not.toBe(before.refreshToken);
  await second.waitForTimeout(2_000);
  for (const page of [first, second]) {
    await page.goto("/profile");
    await expect(page.getByTestId("profile-roles")).toHaveText("Administrator firmă");
  }
});

test("the recovery e-mail's link resets the password once, then the user signs in", async ({ page }) => {
  await page.goto("/recuperare-parola");
  await page.getByLabel("Adresa de email").fill(DEMO.admin);
  await page.getByRole("button", { name: "Trimite linkul de resetare" }).click();
  await expect(page.getByRole("alert")).toContainText("Dacă adresa există");
  const link = lastMailedLink(DEMO.admin);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Resetează parola" })).toBeVisible();
  await expect(page.getByLabel("Adresa de email")).toHaveValue(DEMO.admin);
  // The demo password again, so the other tests keep it.
  await page.getByLabel("Parola nouă").fill("demo1234");
  await page.getByLabel("Confirmă parola").fill("demo1234");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Parola a fost resetată cu succes.")).toBeVisible();
  await signInAndWaitForProfile(page, DEMO.admin);

  await page.goto("/logout");
  await page.goto(link);
  await page.getByLabel("Parola nouă").fill("alta-parola-1");
  await page.getByLabel("Confirmă parola").fill("alta-parola-1");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page.getByText("Link invalid sau expirat.")).toBeVisible();
});
