import { expect, type Page, test } from "@playwright/test";
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from "../../playwright.config";
import { DEMO, lastMailedLink, signIn, signInAndWaitForHome, signOut, storedSession } from "./helpers";

test("each demo account signs in, lands on its home, and its profile shows its email, tenant and roles", async ({ page }) => {
  const expected = [
    { email: DEMO.superadmin, tenant: "system", role: "Super-administrator" },
    { email: DEMO.admin, tenant: "Demo SRL", role: "Administrator firmă" },
    { email: DEMO.facturare, tenant: "Demo SRL", role: "Operator facturare" },
  ];
  for (const account of expected) {
    await signInAndWaitForHome(page, account.email);
    await page.getByRole("button", { name: "Contul meu" }).click();
    await page.getByRole("menuitem", { name: "Profil" }).click();
    await expect(page.getByTestId("profile-email")).toHaveText(account.email);
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

/** The home's shortcuts under one heading, by name. */
const shortcuts = (page: Page, section: string) =>
  page.getByRole("region", { name: section }).getByRole("link").locator(".MuiListItemText-primary");

test("the home shows each role its next steps, as links that open them", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await expect(shortcuts(page, "Facturare")).toHaveText(["Import factură", "Facturi importate", "Clienți", "Stoc produse"]);
  await expect(page.getByRole("region", { name: "Administrarea firmei" })).toHaveCount(0);
  await page.getByRole("link", { name: /Clienți/ }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lista Clienți" })).toBeVisible();
  await signOut(page);

  await signInAndWaitForHome(page, DEMO.admin);
  await expect(shortcuts(page, "Administrarea firmei")).toHaveText(["Utilizatori", "Setări", "Conexiune SmartBill"]);
  await expect(page.getByRole("region", { name: "Facturare" })).toHaveCount(0);
  await signOut(page);

  // The super-admin starts in the first client company, not in 'system', and invoices for it.
  await signInAndWaitForHome(page, DEMO.superadmin);
  await expect(page.getByTestId("acting-tenant")).toHaveText("Demo SRL");
  await expect(shortcuts(page, "Administrarea platformei")).toHaveText(["Firme", "Utilizatori"]);
  await expect(shortcuts(page, "Facturare pentru Demo SRL")).toHaveText(["Import factură", "Facturi importate", "Clienți", "Stoc produse"]);
});

test("/login signed in goes on: home, or the page it was asked to return to", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto("/login?next=%2Fsmartbill%2Fstock");
  await expect(page).toHaveURL(/\/stock$/);
});

test("a page that needs a session, opened signed out, asks to sign in and then opens, query and all", async ({ page }) => {
  await page.goto("/");
  await page.goto("/admin/users?sursa=email");
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%3Fsursa%3Demail$/);
  await page.getByLabel("Adresa de email").fill(DEMO.admin);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Conectați-vă" }).click();
  await expect(page).toHaveURL(/\/users\?sursa=email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Utilizatori" })).toBeVisible();
  // The form gave its place to the page: Back leaves, rather than return to the form (which would send on again).
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
});

test("the page to return to after sign-in is never another site", async ({ page }) => {
  for (const next of ["https://example.org/", "//example.org/", "/\\example.org/"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Adresa de email").fill(DEMO.facturare);
    await page.getByRole("textbox", { name: "Parola", exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Conectați-vă" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.hostname === "127.0.0.1");
    await signOut(page);
  }
});

/** The access token's expiry, in seconds (the server's clock is this machine's). */
const expiryOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).exp as number;

test("a browser closed past the access token's life is still signed in: deep links open, two tabs refresh once", async ({ context }) => {
  const first = await context.newPage();
  await signInAndWaitForHome(first, DEMO.facturare);
  const signedIn = await storedSession(first);
  await first.close(); // every tab closed: nothing runs, nothing refreshes
  // Past the access token's life (the page's own timer would have refreshed it 10 s before).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiryOf(signedIn.authenticationToken) * 1000 - Date.now()) + 1_000));

  // The exchanges of the stored refresh token (later ones, of the tokens it gave, are the usual timer's).
  const refreshes: string[] = [];
  context.on("request", (request) => {
    if (request.url().endsWith("/dmz-api/refresh") && request.postData()?.includes(signedIn.refreshToken)) refreshes.push(request.url());
  });
  const [customers, stock] = await Promise.all([context.newPage(), context.newPage()]);
  await Promise.all([customers.goto("/smartbill/customers?sursa=semn"), stock.goto("/smartbill/stock")]);
  await expect(customers.getByRole("heading", { level: 1, name: "Lista Clienți" })).toBeVisible();
  await expect(stock.getByRole("heading", { level: 1, name: "Lista Produse" })).toBeVisible();
  await expect(customers).toHaveURL(/\/customers\?sursa=semn$/);
  const renewed = await storedSession(customers);
  expect(renewed.refreshToken).not.toBe(signedIn.refreshToken);
  expect(renewed.userName).toBe(DEMO.facturare);
  expect(refreshes).toHaveLength(1);
});

test("a refused refresh ends the session on the sign-in form, which returns to the page", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await page.goto("/smartbill/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Lista Clienți" })).toBeVisible();
  const signedIn = await storedSession(page);
  // The login ended elsewhere (signed out from another browser): its refresh token is dead.
  await page.request.post("/dmz-api/logout", { data: { refreshToken: signedIn.refreshToken } });
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomers$/, { timeout: E2E_ACCESS_TOKEN_TTL_SECONDS * 1000 });
  await expect(page.getByRole("button", { name: "Conectați-vă" })).toBeVisible();
  await page.getByLabel("Adresa de email").fill(DEMO.facturare);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Conectați-vă" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Lista Clienți" })).toBeVisible();
});

const menuEntries = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Meniu" }).getByRole("menuitem");
/** Home and the SmartBill entries, as the invoicing role and the super-admin see them. */
const SMARTBILL_ENTRIES = [
  "Acasă",
  "Import factură",
  "Facturi importate",
  "Import proformă",
  "Facturi proforma",
  "Chitanțe",
  "Scadențe",
  "Facturi primite",
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
  await signInAndWaitForHome(page, DEMO.superadmin);
  await expect(menuSections(page)).toHaveText([
    "General",
    "SmartBill",
    "SmartBill - stoc/depozite",
    "SmartBill - clienți",
    "Administrare",
  ]);
  await expect(menuEntries(page)).toHaveText([...SMARTBILL_ENTRIES, "Firme", "Utilizatori", "Setări", "Jurnal de audit", "Conexiune SmartBill", "e-Factura (SPV)"]);
});

test("the admin sees General, the warehouses and Administration without Tenants", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.admin);
  await expect(menuSections(page)).toHaveText(["General", "SmartBill - stoc/depozite", "Administrare"]);
  await expect(menuEntries(page)).toHaveText(["Acasă", "Depozite", "Utilizatori", "Setări", "Jurnal de audit", "Conexiune SmartBill", "e-Factura (SPV)"]);
});

test("the invoicing user sees the SmartBill sections and no Administration", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await expect(menuSections(page)).toHaveText(["General", "SmartBill", "SmartBill - stoc/depozite", "SmartBill - clienți"]);
  // The SPV connection, read-only for this role, beside the invoices it is about.
  const entries = [...SMARTBILL_ENTRIES];
  entries.splice(entries.indexOf("Facturi primite") + 1, 0, "e-Factura (SPV)");
  await expect(menuEntries(page)).toHaveText(entries);
});

test("a restricted URL gives the not-found page, an allowed one opens", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.goto("/smartbill/warehouse");
  await expect(page).toHaveURL(/\/warehouses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Depozite" })).toBeVisible();

  await page.goto("/logout");
  await expect(page.getByRole("banner").getByRole("link", { name: "Autentificare" })).toBeVisible();
  await signInAndWaitForHome(page, DEMO.admin);
  await page.goto("/admin/tenants");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Utilizatori" })).toBeVisible();
});

test("the access token is refreshed before it expires and the session keeps working", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.admin);
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
  await signInAndWaitForHome(page, DEMO.superadmin);
  await page.evaluate(() => localStorage.setItem("something-else", "x"));
  await signOut(page);
  await expect(page.getByRole("banner").getByRole("link", { name: "Autentificare" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expect(page.getByRole("navigation", { name: "Meniu" })).toHaveCount(0);
});

test("the user changes the password from the profile and signs in with the new one", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await page.goto("/profile");
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
  await signInAndWaitForHome(first, DEMO.admin);
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

test("the recovery e-mail's link resets the password once, then the user signs in with the e-mail filled in", async ({ page }) => {
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
  await expect(page).toHaveURL(/\/login\?email=admin%40demo\.ro$/);
  await expect(page.getByText("Parola a fost resetată cu succes.")).toBeVisible();
  await expect(page.getByLabel("Adresa de email")).toHaveValue(DEMO.admin);
  // The cursor waits in the password: typing it and pressing Enter signs in.
  await page.keyboard.type("demo1234");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();

  // Used once, the link says so as soon as it opens, and offers the ways on.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByText("Acest link a fost deja folosit sau a expirat.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Parola nouă")).toHaveCount(0);
  await page.getByRole("link", { name: "Recuperare parolă" }).click();
  await expect(page.getByRole("heading", { name: "Recuperare parolă" })).toBeVisible();
  await page.goBack();
  await page.getByRole("main").getByRole("link", { name: "Autentificare" }).click();
  await expect(page.getByLabel("Adresa de email")).toHaveValue(DEMO.admin);
});
