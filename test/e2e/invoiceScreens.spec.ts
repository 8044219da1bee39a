/**
 * The invoice screens as a clerk reads them, in Chromium: every import and the invoice's screen
 * named in the top bar; 'Facturi importate' with the number, client, dates, total, payment and
 * state on a laptop's screen, not past its edge; on a 375 px phone each invoice line a card whose
 * price, VAT, total and actions are on screen without scrolling sideways, and each invoice of the
 * list a short entry.
 */
import { expect, test } from "@playwright/test";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile, uploadInvoiceWorkbook } from "./helpers";

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the imports and the invoice's screen name themselves in the top bar; the list's first columns fit the screen", async ({ page }) => {
    await signInAndWaitForProfile(page, DEMO.facturare);
    await importCustomers(page);
    await ensureWarehouse(page, "Magazin Cluj");
    const bar = page.getByRole("banner");
    for (const [path, title] of [
      ["/smartbill/customers/import", "Import Clienți"],
      ["/smartbill/stock/import", "Import Stoc Produse"],
      ["/smartbill/invoice/import", "SmartBill - Import Factură"],
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(bar, path).toContainText(title);
    }

    await uploadInvoiceWorkbook(page);
    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    const id = page.url().split("/").pop()!;
    await expect(bar).toContainText(`Factură #${id} — de trimis în SmartBill`);

    await page.goto("/smartbill/invoices");
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: `#${id}`, exact: true }) });
    await expect(row).toContainText("Alfa Construct SA");
    for (const header of ["Număr", "Client", "Data emiterii", "Data scadenței", "Total", "Încasare", "Stare"]) {
      await expect(page.getByRole("columnheader").filter({ hasText: new RegExp(`^${header}$`) }), header).toBeInViewport({ ratio: 1 });
    }
    // The workbook's lines are in two currencies: no one total names them. (The cells past the selection's checkbox.)
    const cells = row.getByRole("cell").filter({ hasNot: page.getByRole("checkbox") });
    await expect(cells.nth(4)).toHaveText("mai multe monede");
    await expect(cells.nth(6)).toBeInViewport({ ratio: 1 });
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("each invoice line is a card with its price, VAT, total and actions on screen; each invoice of the list an entry", async ({ page }) => {
    await signInAndWaitForProfile(page, DEMO.facturare);
    await importCustomers(page);
    await ensureWarehouse(page, "Magazin Cluj");
    await page.goto("/smartbill/invoice/import");
    await uploadInvoiceWorkbook(page);
    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    await page.getByRole("tab", { name: "Produse" }).click();
    const laptop = page.getByTestId("product-line").filter({ hasText: "Laptop Lenovo ThinkPad E14" });
    await expect(laptop).toContainText("2 buc × 3.499,90 RON");
    await expect(laptop).toContainText("TVA 21%");
    await expect(laptop).toContainText("Total: 8.469,76 RON");
    await expect(laptop.getByRole("button", { name: "Editează Laptop Lenovo ThinkPad E14" })).toBeInViewport({ ratio: 1 });
    await expect(laptop.getByRole("button", { name: "Șterge Laptop Lenovo ThinkPad E14" })).toBeInViewport({ ratio: 1 });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    const id = page.url().split("/").pop()!;
    await page.goto("/smartbill/invoices");
    const entry = page.getByRole("link").filter({ hasText: `#${id} · Alfa Construct SA` });
    await expect(entry).toContainText("mai multe monede");
    await expect(entry).toContainText("Solicitare (ciornă)");
    await expect(entry).toBeInViewport();
    expect(await fits()).toBe(true);
  });
});
