import { expect, test } from "@playwright/test";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile } from "./helpers";

test("an invoice to a Bucharest customer without a sector is held back on its screen until the customer is corrected, then sent", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  // The workbook's 'Șervețele Ţesute SRL' (C001) is in București, its locality naming no sector.
  await importCustomers(page);
  await ensureWarehouse(page, "Magazin Cluj");
  await page.goto("/smartbill/invoice");
  await page.getByRole("combobox", { name: "Client" }).fill("Șervețele");
  await page.getByRole("option", { name: /Șervețele Ţesute SRL/ }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Magazin Cluj" }).click();
  await page.getByTestId("invoice-file").setInputFiles("test/fixtures/invoices/ro-title.xlsx");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceUrl = page.url();
  await expect(page.getByTestId("save-state")).toHaveText("Salvat");

  // Warned before sending: the problem names the sector; 'Trimite oricum' is never clicked.
  const warning = page.getByText(/Clientul este în București, dar localitatea „.*” nu spune sectorul/);
  await expect(warning).toBeVisible();
  await expect(page.getByRole("button", { name: "Trimite oricum" })).toHaveCount(0);

  // The link opens the customer's form: its locality becomes a sector.
  await page.getByRole("link", { name: "Corectează clientul" }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const locality = page.getByRole("textbox", { name: "Localitate" });
  await expect(locality).toBeVisible();
  await locality.fill("Sector 1");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/show$/);
  await expect(page.getByText("Sector 1")).toBeVisible();

  // Back on the invoice: no warning, and 'Trimite Factura' sends at the first click.
  await page.goto(invoiceUrl);
  await expect(page.getByTestId("save-state")).toHaveText("Salvat");
  await expect(page.getByRole("button", { name: "Trimite Factura" })).toBeVisible();
  await expect(warning).toHaveCount(0);
  await page.getByRole("button", { name: "Trimite Factura" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Succes:" })).toContainText(/ - Număr: \d+ - Serie: SBL/);
  await expect(page.getByRole("button", { name: "Trimite oricum" })).toHaveCount(0);
});
