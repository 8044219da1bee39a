import { expect, test } from "@playwright/test";

test("the landing page shows the hero, three feature blocks and the register button", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Platforma B2B de Schimburi Comerciale" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Integrare SmartBill" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Înregistrare" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Autentificare" })).toBeVisible();
});

test("signed out there is no sidebar, and the footer has the copyright and legal links", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Meniu" })).toHaveCount(0);
  await expect(page.getByText(/© \d{4} Platforma B2B/)).toBeVisible();
  await page.getByRole("link", { name: "Politica de confidențialitate" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "Politica de confidențialitate" })).toBeVisible();
  await page.getByRole("link", { name: "Termeni și condiții" }).click();
  await expect(page.getByRole("heading", { name: "Termeni și condiții" })).toBeVisible();
});

test("about and contact show their placeholder texts", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "About Page" })).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Contact Page" })).toBeVisible();
});

test("an unknown path shows 'Pagină Inexistentă' with a button home", async ({ page }) => {
  await page.goto("/nu-exista/deloc");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.getByRole("link", { name: "Înapoi la pagina principală" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a restricted page opened while signed out looks like a page that does not exist", async ({ page }) => {
  await page.goto("/smartbill/invoices");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
});

test("the set-password page refuses a link without email or token", async ({ page }) => {
  await page.goto("/dmz/set-password?email=a%40b.ro");
  await expect(page.getByText("403 Forbidden: Missing required parameters.")).toBeVisible();
});

test("a /dmz path other than set or reset is refused", async ({ page }) => {
  await page.goto("/dmz/altceva?email=a%40b.ro&token=x");
  await expect(page.getByText("403 Forbidden: Invalid URL path.")).toBeVisible();
});

test("the set-password form refuses empty and mismatched passwords before sending", async ({ page }) => {
  await page.goto("/dmz/set-password?email=nou%40demo.ro&token=abc");
  await expect(page.getByRole("heading", { name: "Setează parola" })).toBeVisible();
  await expect(page.getByLabel("Adresa de email")).toHaveValue("nou@demo.ro");
  await expect(page.getByLabel("Adresa de email")).toHaveAttribute("readonly", "");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page.getByText("Te rog să completezi toate câmpurile.")).toBeVisible();
  await page.getByLabel("Parola nouă").fill("parola-noua-1");
  await page.getByLabel("Confirmă parola").fill("parola-noua-2");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page.getByText("Parolele nu corespund")).toBeVisible();
});

test("the reset-password page sends the token and shows the server's refusal of a bad one", async ({ page }) => {
  await page.goto("/dmz/reset-password?email=admin%40demo.ro&token=nu-e-bun");
  await expect(page.getByRole("heading", { name: "Resetează parola" })).toBeVisible();
  await page.getByLabel("Parola nouă").fill("parola-noua-1");
  await page.getByLabel("Confirmă parola").fill("parola-noua-1");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page.getByText("Link invalid sau expirat.")).toBeVisible();
});

test("the password-recovery page answers without telling whether the address exists", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Recuperare parolă" }).click();
  await expect(page).toHaveURL(/\/recuperare-parola$/);
  // The login form (with its own 'Adresa de email') stays until the recovery screen's code arrives.
  await expect(page.getByRole("heading", { name: "Recuperare parolă" })).toBeVisible();
  await page.getByLabel("Adresa de email").fill("nimeni@nicaieri.ro");
  await page.getByRole("button", { name: "Trimite linkul de resetare" }).click();
  await expect(page.getByRole("alert")).toContainText("Dacă adresa există");
});

test("the landing page and the login page load only the public shell, all of it named in the page", async ({ page }) => {
  // No react-admin before sign-in, and no chain of lazy imports: every script is in index.html.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const namedInThePage = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[rel=modulepreload]")].map(
        (element) => new URL(element instanceof HTMLScriptElement ? element.src : element.href).pathname,
      ),
    );
  const adminApp = (path: string) => /^\/assets\/App-[^/]+\.js$/.test(path);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Platforma B2B de Schimburi Comerciale" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(adminApp)).toEqual([]);
  expect(new Set(scripts)).toEqual(new Set(await namedInThePage()));

  scripts.length = 0;
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Conectați-vă" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.filter(adminApp)).toEqual([]);
  const named = await namedInThePage();
  expect(scripts.filter((path) => !named.includes(path))).toEqual([]); // the rest may come from the cache

  // The admin app comes ahead of sign-in, while the form is being filled in.
  await page.getByLabel("Adresa de email").fill("admin@demo.ro");
  await expect.poll(() => scripts.filter(adminApp).length).toBe(1);
});

test("the language switch in the top bar turns the interface to English and back", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Română" }).click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "B2B Commercial Exchange Platform" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();
  await page.getByRole("menuitem", { name: "Română" }).click();
  await expect(page.getByRole("heading", { name: "Platforma B2B de Schimburi Comerciale" })).toBeVisible();
});

test("'Loading...' shows while the application itself is still arriving", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/App-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // An address outside the public pages is the admin app's, even signed out.
  await page.goto("/nu-exista/deloc", { waitUntil: "commit" });
  await expect(page.getByText("Loading...")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
});
