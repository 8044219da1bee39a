import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

test.describe("on a small screen", () => {
  test.use({ viewport: { width: 400, height: 800 } });

  test("the toggle opens the sidebar as a slide-in panel titled Meniu", async ({ page }) => {
    await signInAndWaitForProfile(page, DEMO.facturare);
    const panel = page.getByRole("navigation", { name: "Meniu" });
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Deschide meniul" }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Meniu" })).toBeVisible();
    await panel.getByRole("menuitem", { name: "Depozite" }).click();
    await expect(page).toHaveURL(/\/warehouses$/);
    await expect(panel).toBeHidden();
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the sidebar collapses to icons and opens again", async ({ page }) => {
    await signInAndWaitForProfile(page, DEMO.superadmin);
    const panel = page.getByRole("navigation", { name: "Meniu" });
    const entry = panel.getByRole("menuitem", { name: "Utilizatori" });
    await expect(page.getByTestId("menu-section").first()).toBeVisible();
    const drawer = page.locator(".MuiDrawer-paper"); // the visible sidebar; the menu inside keeps its width
    const openWidth = (await drawer.boundingBox())!.width;
    await page.getByRole("button", { name: "Închide meniul" }).click();
    await expect(page.getByTestId("menu-section")).toHaveCount(0); // headings give way to dividers
    await expect(entry).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())!.width).toBeLessThan(80);
    expect(openWidth).toBeGreaterThan(200);
    await entry.click({ position: { x: 24, y: 16 } }); // on its icon, all that shows of it
    await expect(page).toHaveURL(/\/users$/);
    await page.getByRole("button", { name: "Deschide meniul" }).click();
    await expect(page.getByTestId("menu-section").first()).toBeVisible();
  });
});
