import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

test("the invoicing user adds a product to the catalogue and finds it in the list", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);

  await page.getByRole("navigation", { name: "Menu" }).getByRole("menuitem", { name: "Nomenclator produse" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator produse" })).toBeVisible();

  await page.getByRole("link", { name: "Adaugă produs" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Adaugă produs" })).toBeVisible();
  await page.getByLabel("Denumire produs").fill("Cafea boabe 500 g");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Introduceți codul produsului.")).toBeVisible();

  await page.getByLabel("Cod produs").fill("CAF-500");
  await page.getByLabel("Preț").fill("42.5");
  await page.getByRole("button", { name: "Salvează" }).click();

  await expect(page).toHaveURL(/\/products$/);
  await page.getByPlaceholder("Caută după cod sau denumire").fill("cafea");
  const row = page.getByRole("row").filter({ hasText: "CAF-500" });
  await expect(row).toContainText("Cafea boabe 500 g");
  await expect(row).toContainText("42,50");
  await expect(row).toContainText("RON");

  // The spec's form of the address leads to the same list.
  await page.goto("/smartbill/products");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nomenclator produse" })).toBeVisible();
});
