/**
 * The keyboard focus is clearly seen (WCAG 2.4.7): pressing Tab onto a button, a link or a text
 * field draws a solid outline at least 2 px wide around it, on the public pages and in the admin app.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInAndWaitForHome } from "./helpers";

/** Presses Tab until the focused element is the one `matches` names (at most 30 times). */
async function tabTo(page: Page, matches: (element: Element) => boolean, what: string) {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** The outline drawn around the focused element (or the text field it is in): style, width and colour. */
async function outlineOf(page: Page, of: "focused" | "field") {
  return page.evaluate((target) => {
    const focused = document.activeElement!;
    const element = target === "field" ? focused.closest(".MuiInputBase-root")! : focused;
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  }, of);
}

const RING = { style: "solid", width: 2, color: "rgb(11, 46, 107)" };

test("on the public pages Tab shows a clear ring on the e-mail field, the sign-in button and a link", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Conectați-vă" })).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Platforma B2B" }).focus();
  await tabTo(page, (element) => element.getAttribute("name") === "username", "the e-mail field");
  expect(await outlineOf(page, "field")).toEqual(RING);
  await tabTo(page, (element) => element.textContent === "Conectați-vă", "the sign-in button");
  expect(await outlineOf(page, "focused")).toEqual(RING);
  await tabTo(page, (element) => element.textContent === "Recuperare parolă", "the recovery link");
  expect(await outlineOf(page, "focused")).toEqual(RING);
});

test("in the admin app Tab shows the same ring on the top bar's buttons and the home's links", async ({ page }) => {
  await signInAndWaitForHome(page, DEMO.facturare);
  await page.getByRole("heading", { level: 1, name: "Bun venit!" }).click(); // the last pointer press: nothing focused by it
  // The invoicing user's home opens with the company's figures, each a link: the first is this month's invoices.
  await tabTo(page, (element) => (element.getAttribute("href") ?? "").startsWith("/invoices?filter="), "the home's first figure");
  expect(await outlineOf(page, "focused")).toEqual(RING);
  // Moved on from a keyboard-focused control, the focus is still the keyboard's.
  await page.getByRole("button", { name: "Contul meu" }).focus();
  expect(await outlineOf(page, "focused")).toEqual(RING);
});
