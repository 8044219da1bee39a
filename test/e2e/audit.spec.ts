/** The audit log in the browser: a change an admin makes shows in 'Jurnal de audit', found from the menu. */
import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

test("an admin's new warehouse shows in the audit log, named in Romanian, with who made it", async ({ page }) => {
  const name = `Depozit Jurnal ${Date.now()}`;
  await signInAndWaitForProfile(page, DEMO.admin);

  await page.goto("/smartbill/warehouse");
  const form = page.getByRole("region", { name: "Adaugă depozit" });
  await form.getByLabel("Nume").fill(name);
  await form.getByRole("combobox", { name: "Tip" }).click();
  await page.getByRole("option", { name: "en gros" }).click();
  await form.getByRole("button", { name: "Adaugă" }).click();
  // A name SmartBill does not know: saved only once the clerk confirms it.
  await page.getByRole("dialog", { name: "Depozit necunoscut în SmartBill" }).getByRole("button", { name: "Adaugă totuși" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

  await page.getByRole("menuitem", { name: "Jurnal de audit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jurnal de audit" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Adăugare gestiune");
  await expect(row).toContainText(DEMO.admin);
  // Only what succeeded is written down: a change with nothing more to say reads 'Reușită'.
  await expect(row.getByRole("cell").nth(4)).toHaveText("Reușită");
  await expect(page.getByRole("columnheader", { name: "Firmă" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("each change is a short entry that fits the screen: what, who and on what, when", async ({ page }) => {
    const name = `Depozit Telefon ${Date.now()}`;
    await signInAndWaitForProfile(page, DEMO.admin);
    await page.goto("/smartbill/warehouse");
    const form = page.getByRole("region", { name: "Adaugă depozit" });
    await form.getByLabel("Nume").fill(name);
    await form.getByRole("combobox", { name: "Tip" }).click();
    await page.getByRole("option", { name: "en gros" }).click();
    await form.getByRole("button", { name: "Adaugă" }).click();
    // A name SmartBill does not know: saved only once the clerk confirms it.
    await page.getByRole("dialog", { name: "Depozit necunoscut în SmartBill" }).getByRole("button", { name: "Adaugă totuși" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);

    await page.goto("/audit");
    const entry = page.getByRole("listitem").filter({ hasText: name });
    await expect(entry).toContainText("Adăugare gestiune");
    await expect(entry).toContainText(`${DEMO.admin} · ${name} #`);
    await expect(entry.getByText("Adăugare gestiune")).toBeInViewport({ ratio: 1 });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
