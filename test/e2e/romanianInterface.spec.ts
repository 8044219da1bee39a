/**
 * The Romanian interface, screen by screen, as each demo role sees it: every screen its menu
 * reaches, the dialogs and forms that open from them, an invoice's page, the account menu, and
 * the public pages. On each, what a person reads (the visible text, and the labels, titles and
 * placeholders a screen reader or a tooltip gives) must hold no English UI word, no role code
 * (ROLE_…) and no word missing its diacritics. The words looked for and the few allowed, with
 * their reasons: test/helpers/romanianInterface.ts. A failure lists each finding with its screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { findNonRomanian } from "../helpers/romanianInterface";
import { DEMO, importCustomers, signIn, uploadInvoiceWorkbook, ensureWarehouse } from "./helpers";

/** What was found, by finding ('kind "word" in "context"'), with the screens it was found on. */
type Findings = Map<string, string[]>;

/** What a person reads on the page now: the visible text and the labels of what is visible. */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll<HTMLElement>("[aria-label], [title], [placeholder], [alt], [aria-valuetext]")) {
      if (!element.checkVisibility()) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join("\n");
  });
}

/** Until nothing loads any more: no running progress bar, spinner or placeholder row on screen (a task's progress is not loading). */
async function settled(page: Page) {
  const loading = [".MuiLinearProgress-indeterminate", ".MuiCircularProgress-indeterminate", ".MuiSkeleton-root"].map((name) => `${name}:visible`);
  await expect(page.locator(loading.join(", "))).toHaveCount(0);
}

/** Scans the page as it is now, adding what it finds to `findings`. */
async function scan(page: Page, where: string, findings: Findings) {
  await settled(page);
  const once = new Map(findNonRomanian(await readableText(page)).map((finding) => [`${finding.kind} ${finding.word.toLowerCase()}`, finding]));
  for (const finding of once.values()) {
    const key = `${finding.kind} "${finding.word}" in "${finding.context}"`;
    findings.set(key, [...(findings.get(key) ?? []), where]);
  }
}

/** Fails listing each finding once, with the first screens it is on (the menu's is on all). */
function expectNone(findings: Findings) {
  const lines = [...findings].map(([finding, screens]) => {
    const more = screens.length > 3 ? ` and ${screens.length - 3} more` : "";
    return `${finding} — on ${screens.slice(0, 3).join("; ")}${more}`;
  });
  expect(lines, `Not Romanian:\n${lines.join("\n")}`).toEqual([]);
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Meniu" });

/** The screens the menu reaches, in its order. */
async function menuPaths(page: Page): Promise<string[]> {
  await expect(menu(page).getByRole("menuitem").first()).toBeVisible();
  return menu(page)
    .getByRole("menuitem")
    .evaluateAll((items) => items.map((item) => new URL((item as HTMLAnchorElement).href).pathname));
}

/**
 * Does `go` and waits for the next screen: the app changes screens without reloading, so the
 * address changes before the new screen replaces the old one; its heading is the sign it did.
 */
async function arrive(page: Page, go: () => Promise<void>) {
  await page.locator("h1").evaluateAll((headings) => headings.forEach((heading) => heading.setAttribute("data-scan-left", "")));
  await go();
  await expect(page.locator("h1:not([data-scan-left]):visible").first()).toBeVisible();
}

type Extra = (page: Page, look: (what: string) => Promise<void>) => Promise<void>;

/**
 * Signs in, then scans every screen of the menu, reached by clicking it as a user does (no reload
 * between screens), what `extras` opens on the screens it names, the account menu, the profile
 * and the password change.
 */
async function scanRole(page: Page, role: keyof typeof DEMO, extras: Record<string, Extra>) {
  const findings: Findings = new Map();
  const look = (where: string) => scan(page, `${role} ${where}`, findings);
  await signIn(page, DEMO[role]);
  await expect(menu(page)).toBeVisible();
  await look(`${new URL(page.url()).pathname} (after signing in)`);

  for (const path of await menuPaths(page)) {
    // Signing in lands on the home, the menu's first screen: scanned already, and a click on its
    // entry changes nothing for `arrive` to wait for.
    if (new URL(page.url()).pathname !== path) {
      await arrive(page, () => menu(page).locator(`a[href="${path}"]`).click());
      await expect(page).toHaveURL((url) => url.pathname === path);
      await look(path);
    }
    await extras[path]?.(page, (what) => look(`${path} ${what}`));
  }

  await page.getByRole("button", { name: "Contul meu" }).click();
  await look("account menu");
  await arrive(page, () => page.getByRole("menuitem", { name: "Profil" }).click());
  await expect(page).toHaveURL(/\/profile$/);
  await look("/profile");
  await arrive(page, () => page.getByRole("link", { name: /^Schimbare parol/i }).click());
  await expect(page).toHaveURL(/\/schimbare-parola$/);
  await look("/schimbare-parola");

  expectNone(findings);
}

/** Opens a dialog with the button named `button` (in `scope`), scans it, and closes it. */
async function inDialog(page: Page, look: (what: string) => Promise<void>, button: string, scope = page.locator("body")) {
  await scope.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await look(`dialog '${button}'`);
  await dialog.getByRole("button", { name: /^(Anulează|Renunță|Închide)$/ }).first().click();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe("the Romanian interface holds no English word, no role code and no word without its diacritics", () => {
  test("on the public pages", async ({ page }) => {
    const findings: Findings = new Map();
    const pages = ["/", "/about", "/contact", "/privacy", "/terms", "/login", "/recuperare-parola", "/profile", "/pagina-care-nu-exista"];
    for (const path of [...pages, "/dmz/set-password?email=ana%40firma.ro&token=t", "/dmz/set-password", "/dmz/altceva"]) {
      await page.goto(path);
      // Every public page shows a heading, or (a bad link) only its refusal.
      await expect(page.locator("h1, h2, [role=alert]").first()).toBeVisible();
      await scan(page, `public ${path}`, findings);
    }
    await page.goto("/login");
    await page.getByRole("button", { name: "Conectați-vă" }).click();
    await scan(page, "public /login (empty form sent)", findings);
    expectNone(findings);
  });

  test("for the super-admin", async ({ page }) => {
    await scanRole(page, "superadmin", {
      "/tenants": async (page, look) => {
        await inDialog(page, look, "Adaugă firmă");
        await inDialog(page, look, "Editează", row(page, "Demo SRL"));
        await inDialog(page, look, "Șterge", row(page, "Demo SRL"));
      },
      "/users": async (page, look) => {
        await inDialog(page, look, "Adaugă utilizator");
        await inDialog(page, look, "Editează", row(page, DEMO.facturare));
        await inDialog(page, look, "Modifică rolurile", row(page, DEMO.facturare));
        await page.getByTestId("acting-tenant").click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await look("the company switcher");
        await page.getByRole("dialog").getByRole("button", { name: "Anulează" }).click();
      },
      "/audit": async (page, look) => {
        await page.getByRole("button", { name: "Adaugă filtru" }).click();
        await look("filters");
        await page.keyboard.press("Escape");
      },
    });
  });

  test("for a company's admin", async ({ page }) => {
    await scanRole(page, "admin", {
      "/users": async (page, look) => {
        await inDialog(page, look, "Adaugă utilizator");
        await inDialog(page, look, "Modifică rolurile", row(page, DEMO.facturare));
      },
      "/properties": async (page, look) => {
        await inDialog(page, look, "Adaugă setare");
      },
      "/warehouses": async (page, look) => {
        // The form refuses an empty warehouse: its message is read too.
        await page.getByRole("region", { name: "Adaugă depozit" }).getByRole("button", { name: "Adaugă" }).click();
        await look("empty form sent");
      },
    });
  });

  test("for the invoicing user, with customers and an invoice to show", async ({ page }) => {
    test.setTimeout(120_000);
    // Data first, so lists show their columns and an invoice has a page.
    await signIn(page, DEMO.facturare);
    await expect(page.getByRole("navigation", { name: "Meniu" })).toBeVisible();
    await ensureWarehouse(page, "Magazin Cluj");
    await page.goto("/customers");
    await settled(page);
    if ((await page.getByRole("row").filter({ hasText: "Alfa Construct SA" }).count()) === 0) await importCustomers(page);
    await page.goto("/invoices");
    await settled(page);
    if ((await page.locator("table tbody tr").count()) === 0) {
      await page.goto("/invoices/import");
      await uploadInvoiceWorkbook(page);
      await expect(page).toHaveURL(/\/invoices\/\d+$/);
    }
    await page.goto("/logout");
    await expect(page.getByRole("link", { name: "Autentificare" }).first()).toBeVisible();

    await scanRole(page, "facturare", {
      "/invoices": async (page, look) => {
        await arrive(page, () => page.locator("table tbody tr").first().click());
        await expect(page).toHaveURL(/\/invoices\/\d+$/);
        const where = new URL(page.url()).pathname;
        await look(`→ ${where}`);
        await page.getByRole("tab", { name: "Produse" }).click();
        await look(`→ ${where} lines`);
        await inDialog(page, (what) => look(`→ ${where} ${what}`), "Adaugă Produs");
      },
      "/products": async (page, look) => {
        const add = page.getByRole("link", { name: "Adaugă produs" }).or(page.getByRole("button", { name: "Adaugă produs" })).first();
        await arrive(page, () => add.click());
        await expect(page).toHaveURL(/\/products\/create$/);
        await look("→ create");
      },
    });
  });
});
