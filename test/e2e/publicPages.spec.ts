import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE_FILE } from "../../playwright.config";

test("the landing page shows the hero, three feature blocks and the ways in: ask for access, or sign in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Platforma B2B de Schimburi Comerciale" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Integrare SmartBill" })).toBeVisible();
  const main = page.getByRole("main");
  await main.getByRole("link", { name: "Autentificare" }).click();
  await expect(page.getByRole("button", { name: "Conectați-vă" })).toBeVisible();
  await page.goBack();
  await main.getByRole("link", { name: "Solicită acces" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
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

/** The mails written to `recipient` (demo mode keeps every mail in the outbox table). */
function mailsTo(recipient: string): Array<{ subject: string; body: string }> {
  const db = new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select subject, body from outbox where recipient = ? order by id").all(recipient) as Array<{ subject: string; body: string }>;
  } finally {
    db.close();
  }
}

test("'Despre platformă' says what the platform is and leads to the contact page", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "Despre platformă" })).toBeVisible();
  await expect(page.getByText(/locul de lucru al biroului pentru firmele care facturează prin SmartBill/)).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Scrieți-ne" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
});

test("a visitor's message from the contact page reaches the super-admin's outbox", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Trimiteți-ne un mesaj" });
  await form.getByRole("button", { name: "Trimite mesajul" }).click();
  await expect(form.getByText("Vă rugăm introduceți o valoare!")).toHaveCount(3);
  await form.getByLabel("Nume").fill("Ion Vizitator");
  await form.getByLabel("Adresa de e-mail").fill("ion@firma-vizitator.ro");
  await form.getByLabel("Companie").fill("Vizitator SRL");
  await form.getByLabel("Mesaj").fill("Bună ziua, am dori un cont pentru firma noastră.");
  await form.getByRole("button", { name: "Trimite mesajul" }).click();
  await expect(page.getByText("Mesajul a fost trimis. Vă răspundem la adresa de e-mail pe care ați scris-o.")).toBeVisible();
  const mail = mailsTo("superadmin@demo.ro").find((sent) => sent.subject === "Mesaj de contact de la Ion Vizitator (Vizitator SRL)");
  expect(mail?.body).toContain("E-mail: ion@firma-vizitator.ro");
  expect(mail?.body).toContain("Bună ziua, am dori un cont pentru firma noastră.");
});

test("an unknown path shows 'Pagină Inexistentă' with a button home", async ({ page }) => {
  await page.goto("/nu-exista/deloc");
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  await page.getByRole("link", { name: "Înapoi la pagina principală" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a page that needs a session, opened signed out, asks to sign in first, to come back to it", async ({ page }) => {
  await page.goto("/smartbill/invoices");
  await expect(page).toHaveURL(/\/login\?next=%2Finvoices$/);
  await expect(page.getByRole("button", { name: "Conectați-vă" })).toBeVisible();
});

test("the set-password page refuses a link without email or token", async ({ page }) => {
  await page.goto("/dmz/set-password?email=a%40b.ro");
  await expect(page.getByText("Linkului îi lipsesc date (e-mailul sau codul). Deschideți linkul întreg din e-mail sau cereți unul nou din „Recuperare parolă”.")).toBeVisible();
});

test("a /dmz path other than set or reset is refused", async ({ page }) => {
  await page.goto("/dmz/altceva?email=a%40b.ro&token=x");
  await expect(page.getByText("Adresa acestui link nu este corectă. Deschideți linkul exact cum a sosit în e-mail sau cereți unul nou din „Recuperare parolă”.")).toBeVisible();
});

test("a set-password or reset link that does not (or no longer) work says so as it opens, with the ways on", async ({ page }) => {
  for (const [path, title] of [
    ["/dmz/set-password?email=nou%40demo.ro&token=abc", "Setează parola"],
    ["/dmz/reset-password?email=admin%40demo.ro&token=nu-e-bun", "Resetează parola"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByTestId("password-link-spent")).toHaveText(
      "Acest link a fost deja folosit sau a expirat. Cereți un link nou din „Recuperare parolă” sau, dacă v-ați setat deja parola, autentificați-vă.",
    );
    await expect(page.getByLabel("Parola nouă")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Recuperare parolă" })).toHaveAttribute("href", "/recuperare-parola");
  }
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

test("'Se încarcă…' shows while the application itself is still arriving", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/App-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // An address outside the public pages is the admin app's, even signed out.
  await page.goto("/nu-exista/deloc", { waitUntil: "commit" });
  await expect(page.getByText("Se încarcă…")).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
});
