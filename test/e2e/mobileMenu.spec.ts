import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

test.use({ viewport: { width: 400, height: 800 } });

test("on a small screen the toggle opens the sidebar as a slide-in panel titled Menu", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  const panel = page.getByRole("navigation", { name: "Menu" });
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: /meniu|menu/i }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Menu" })).toBeVisible();
  await panel.getByRole("menuitem", { name: "Depozite" }).click();
  await expect(page).toHaveURL(/\/warehouses$/);
  await expect(panel).toBeHidden();
});
