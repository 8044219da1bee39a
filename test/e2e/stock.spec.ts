import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

test("the invoicing user imports a warehouse's stock as a task and sees the products", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);

  // Demo SRL has 'Depozit Central' from the start, named as in SmartBill.
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  await form.getByRole("button", { name: "Adaugă" }).click();
  await expect(form.getByText("Completați numele și tipul depozitului.")).toBeVisible();
  const central = page.getByRole("row").filter({ hasText: "Depozit Central" });
  await expect(central).toContainText("en gros");
  await expect(form.getByTestId("warehouse-name-hint")).toContainText("Alegeți un depozit din SmartBill"); // SmartBill's list is read
  await expect(central.getByTestId("warehouse-unknown")).toHaveCount(0);

  await page.goto("/smartbill/stock/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import Stoc Produse" })).toBeVisible();
  await page.getByRole("button", { name: "Import Stoc" }).click();
  await expect(page.getByText("Selectați un depozit.")).toBeVisible();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Depozit Central" }).click();
  await page.getByRole("button", { name: "Import Stoc" }).click();
  await expect(page.getByRole("alert")).toContainText("lista de sarcini");

  await page.getByRole("link", { name: "Vezi lista de sarcini" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  const newest = page.getByRole("row").nth(1);
  await expect(newest).toContainText("Import stoc");
  await expect(newest.getByTestId("task-status")).toHaveText("Finalizată", { timeout: 20_000 });
  await expect(newest.getByTestId("task-message")).toContainText("Importate");

  await page.goto("/smartbill/stock");
  await expect(page.getByRole("heading", { level: 1, name: "Lista Produse" })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: "Depozit Central" });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(page.getByText(/not found/)).toHaveCount(0);
});

test("a stock import of a warehouse SmartBill does not know fails on the Tasks page with the provider's reason", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/smartbill/warehouse");
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  await form.getByLabel("Nume").fill("Depozit Inexistent");
  await form.getByRole("combobox", { name: "Tip" }).click();
  await page.getByRole("option", { name: "en detail" }).click();
  await form.getByRole("button", { name: "Adaugă" }).click();
  // A name SmartBill does not know: saved only once the clerk confirms it.
  await page.getByRole("dialog", { name: "Depozit necunoscut în SmartBill" }).getByRole("button", { name: "Adaugă totuși" }).click();
  await expect(page.getByText(/^Depozitul a fost adăugat cu succes\. Atenție: SmartBill nu are încă un depozit cu acest nume/)).toBeVisible();

  await page.goto("/smartbill/stock/import");
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Depozit Inexistent" }).click();
  await expect(page.getByRole("alert")).toContainText("SmartBill nu are un depozit numit „Depozit Inexistent”");
  await page.getByRole("button", { name: "Import Stoc" }).click();
  await page.getByRole("link", { name: "Vezi lista de sarcini" }).click();
  const newest = page.getByRole("row").nth(1);
  await expect(newest.getByTestId("task-status")).toHaveText("Eșuată", { timeout: 20_000 });
  await expect(newest.getByTestId("task-message")).toContainText("Gestiunea Depozit Inexistent nu a fost gasita pe server.");
});

test("an admin sets up the warehouses but cannot open the stock or the tasks", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.admin);
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  for (const path of ["/tasks", "/smartbill/stock", "/smartbill/stock/import"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Pagină Inexistentă" })).toBeVisible();
  }
});
