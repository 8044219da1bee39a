import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile, signOut } from "./helpers";

const WAREHOUSE = "Depozit Comutare";

async function chooseTenant(page: Page, name: RegExp) {
  await page.getByTestId("acting-tenant").click();
  const dialog = page.getByRole("dialog", { name: "Alegeți firma" });
  await dialog.getByRole("button", { name }).click();
  await expect(dialog).toBeHidden();
}

test("the super-admin acts in Demo SRL and back in system; the choice holds across a reload and ends at sign-out", async ({ page }) => {
  // Setup: Demo SRL's invoicing user adds a warehouse of Demo SRL.
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/smartbill/warehouse");
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  await form.getByLabel("Nume").fill(WAREHOUSE);
  await form.getByRole("combobox", { name: "Tip" }).click();
  await page.getByRole("option", { name: "en detail" }).click();
  await form.getByRole("button", { name: "Adaugă" }).click();
  // A name SmartBill does not know: saved only once the clerk confirms it.
  await page.getByRole("dialog", { name: "Depozit necunoscut în SmartBill" }).getByRole("button", { name: "Adaugă totuși" }).click();
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await signOut(page);

  await signInAndWaitForProfile(page, DEMO.superadmin);
  const acting = page.getByTestId("acting-tenant");
  await expect(acting).toHaveText("system");
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(0);

  await chooseTenant(page, /^Demo SRL/);
  await expect(acting).toHaveText("Demo SRL");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await page.goto("/admin/properties"); // every tenant-scoped screen: Demo SRL's SmartBill settings
  await expect(page.getByRole("row").filter({ hasText: "smartbill.username" })).toContainText(DEMO.facturare);

  await page.reload();
  await expect(acting).toHaveText("Demo SRL");
  await expect(page.getByRole("row").filter({ hasText: "smartbill.username" })).toHaveCount(1);

  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await chooseTenant(page, /^system \(firma proprie\)/);
  await expect(acting).toHaveText("system");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(0);

  // Chosen again, then signed out and in: back to the own tenant.
  await chooseTenant(page, /^Demo SRL/);
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await signOut(page);
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await expect(acting).toHaveText("system");
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(0);
});

test("admins and invoicing staff see their own tenant and no switcher", async ({ page }) => {
  for (const email of [DEMO.admin, DEMO.facturare]) {
    await signInAndWaitForProfile(page, email);
    await expect(page.getByTestId("appbar-user")).toHaveText(`${email} (Demo SRL)`);
    await expect(page.getByTestId("acting-tenant")).toHaveCount(0);
    await page.getByRole("button", { name: "Contul meu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Schimbă firma" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await signOut(page);
  }
});
