import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInAndWaitForHome, signOut } from "./helpers";

const WAREHOUSE = "Depozit Comutare";

async function chooseTenant(page: Page, name: RegExp) {
  await page.getByTestId("acting-tenant").click();
  const dialog = page.getByRole("dialog", { name: "Alegeți firma" });
  await dialog.getByRole("button", { name }).click();
  await expect(dialog).toBeHidden();
}

test("the super-admin starts in the first company, switches to system and back; the choice holds across a reload and ends at sign-out", async ({ page }) => {
  // Setup: Demo SRL's invoicing user adds a warehouse of Demo SRL.
  await signInAndWaitForHome(page, DEMO.facturare);
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

  // Not 'system', where nothing is invoiced: the first client company.
  await signInAndWaitForHome(page, DEMO.superadmin);
  const acting = page.getByTestId("acting-tenant");
  await expect(acting).toHaveText("Demo SRL");
  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await page.goto("/admin/properties"); // every tenant-scoped screen: Demo SRL's SmartBill settings
  await expect(page.getByRole("row").filter({ hasText: "smartbill.username" })).toContainText(DEMO.facturare);

  await page.goto("/smartbill/warehouse");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await chooseTenant(page, /^system \(firma proprie\)/);
  await expect(acting).toHaveText("system");
  await expect(page.getByRole("heading", { level: 1, name: "Management Depozite" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(0);
  // In 'system' a SmartBill screen asks for the company rather than for a SmartBill connection.
  await expect(page.getByTestId("system-tenant-notice")).toBeVisible();
  await expect(page.getByTestId("smartbill-connection-notice")).toHaveCount(0);

  await page.reload();
  await expect(acting).toHaveText("system");

  await page.getByTestId("system-tenant-notice").getByRole("button", { name: "Alegeți firma" }).click();
  await page.getByRole("dialog", { name: "Alegeți firma" }).getByRole("button", { name: /^Demo SRL/ }).click();
  await expect(acting).toHaveText("Demo SRL");
  await expect(page.getByRole("row").filter({ hasText: WAREHOUSE })).toHaveCount(1);
  await page.reload();
  await expect(acting).toHaveText("Demo SRL");

  // Back in system, then signed out and in: the first company again.
  await chooseTenant(page, /^system \(firma proprie\)/);
  await signOut(page);
  await signInAndWaitForHome(page, DEMO.superadmin);
  await expect(acting).toHaveText("Demo SRL");
});

test("admins and invoicing staff see their own tenant and no switcher", async ({ page }) => {
  for (const email of [DEMO.admin, DEMO.facturare]) {
    await signInAndWaitForHome(page, email);
    await expect(page.getByTestId("appbar-user")).toHaveText(`${email} (Demo SRL)`);
    await expect(page.getByTestId("acting-tenant")).toHaveCount(0);
    await page.getByRole("button", { name: "Contul meu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Schimbă firma" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await signOut(page);
  }
});
