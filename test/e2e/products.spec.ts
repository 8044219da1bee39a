import { expect, test } from "@playwright/test";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile, uploadInvoiceWorkbook } from "./helpers";

test("the invoicing user adds a product to the catalogue and finds it in the list", async ({ page }, testInfo) => {
  // A code of its own on each try: a retry must not meet the product its first try saved.
  const code = `CAF-500-${testInfo.retry}`;
  await signInAndWaitForProfile(page, DEMO.facturare);

  await page.getByRole("navigation", { name: "Meniu" }).getByRole("menuitem", { name: "Nomenclator produse" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator produse" })).toBeVisible();

  await page.getByRole("link", { name: "Adaugă produs" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Adaugă produs" })).toBeVisible();
  await page.getByLabel("Denumire produs").fill("Cafea boabe 500 g");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Introduceți codul produsului.")).toBeVisible();

  await page.getByLabel("Cod produs").fill(code);
  await page.getByLabel("Preț").fill("42.5");
  await page.getByRole("button", { name: "Salvează" }).click();

  await expect(page).toHaveURL(/\/products$/);
  await page.getByPlaceholder("Caută după cod sau denumire").fill("cafea");
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("Cafea boabe 500 g");
  await expect(row).toContainText("42,50");
  await expect(row).toContainText("RON");

  // The spec's form of the address leads to the same list.
  await page.goto("/smartbill/products");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator produse" })).toBeVisible();
});

test("the invoicing user picks the catalogue's product in an invoice line, which it fills", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);
  await ensureWarehouse(page, "Magazin Cluj");
  await page.goto("/smartbill/invoice");
  await uploadInvoiceWorkbook(page);
  await expect(page).toHaveURL(/\/invoices\/\d+$/);

  await page.getByRole("tab", { name: "Produse" }).click();
  const lines = page.getByTestId("product-line");
  await expect(lines).toHaveCount(4);
  await page.getByRole("button", { name: "Adaugă Produs" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Din nomenclator (cod sau denumire)" }).fill("caf-5");
  // The product the test above saved (its code names the try that saved it).
  await page.getByRole("option", { name: /^CAF-500-\d+ · Cafea boabe 500 g$/ }).first().click();
  await expect(dialog.getByRole("textbox", { name: "Cod produs" })).toHaveValue(/^CAF-500-\d+$/);
  await expect(dialog.getByRole("textbox", { name: "Preț" })).toHaveValue("42,50"); // as Romanians write it
  await dialog.getByRole("textbox", { name: "Cantitate" }).fill("2");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lines).toHaveCount(5);
  await expect(lines.nth(4)).toContainText("Cafea boabe 500 g");
  await expect(lines.nth(4)).toContainText("CAF-500-");
});
