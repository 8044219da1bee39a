import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

/** The ANAF emulator's company in Cluj (server/anaf/emulator/companies.ts): a VAT payer in RO e-Factura. */
const CLUJ_CUI = "24681350";

test("the invoicing user adds a customer by its CIF with 'Completează din ANAF', then corrects its address", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/customers/create");
  await expect(page.getByRole("heading", { level: 1, name: "Adaugă client" })).toBeVisible();

  await page.getByLabel("CIF *").fill(`RO${CLUJ_CUI}`);
  await expect(page.getByText("Completați datele firmei din ANAF?")).toBeVisible();
  await page.getByRole("button", { name: "Completează din ANAF" }).click();
  await expect(page.getByText("Completat din ANAF: denumire, nr. Reg. Com., adresă, localitate, județ, telefon")).toBeVisible();
  await expect(page.getByLabel("Denumire client *")).toHaveValue("CLUJ LOGISTIC DEMO SRL");
  await expect(page.getByLabel("Județ")).toHaveValue("Cluj");
  const panel = page.getByRole("region", { name: "Ce spune ANAF acum" });
  await expect(panel).toContainText("Plătitor de TVA din 01.05.2015");
  await expect(panel).toContainText("TVA la încasare");
  await expect(panel).toContainText("Înregistrat în Registrul RO e-Factura din 01.07.2022");

  await page.getByLabel("Cod client *").fill("ANAF-CLUJ");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/show$/);
  await expect(page.getByRole("heading", { level: 1, name: "CLUJ LOGISTIC DEMO SRL" })).toBeVisible();
  await expect(page.getByText("Activ la ANAF")).toBeVisible();
  await expect(page.getByText("Str. Memorandumului nr. 28, ET. 2, cod poștal 400114")).toBeVisible();

  await page.getByRole("link", { name: "Editează" }).click();
  const address = page.getByLabel("Adresa");
  await expect(address).toHaveValue("Str. Memorandumului nr. 28, ET. 2, cod poștal 400114");
  // The office moved within the city since ANAF last heard of it.
  await address.fill("Str. Observatorului nr. 12, cod poștal 400500");
  await page.getByRole("button", { name: "Salvează" }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/show$/);
  await expect(page.getByText("Str. Observatorului nr. 12, cod poștal 400500")).toBeVisible();
  await expect(page.getByText("Activ la ANAF")).toBeVisible();
});
