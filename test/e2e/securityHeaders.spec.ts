import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

/** The Content-Security-Policy violations Chromium reports on the page, as they happen. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test("every screen works under the Content-Security-Policy, with no violation reported", async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ["/", "/about", "/login", "/recuperare-parola", "/privacy"]) {
    await page.goto(path);
    await expect(page.locator("#root")).not.toBeEmpty();
  }
  await signInAndWaitForProfile(page, DEMO.superadmin);
  const screens: [string, RegExp | string][] = [
    ["/admin/tenants", "system"],
    ["/admin/users", DEMO.admin],
    ["/admin/properties", /Setări|Configurare/],
    ["/smartbill/invoice/import", "SmartBill - Import Factură"],
    ["/smartbill/invoices", /Facturi/],
    ["/smartbill/customers", "Lista Clienți"],
    ["/smartbill/customers/import", "Import Clienți"],
    ["/smartbill/stock", /Stoc|Produse/],
    ["/smartbill/warehouse", /Depozit/],
  ];
  for (const [path, text] of screens) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test("another site cannot show the app in a frame", async ({ page, baseURL }) => {
  // Another origin on this machine (so only the app's own headers can stop the frame): a page
  // framing the app's sign-in, and beside it a page of its own that nothing stops.
  const site = createServer((request, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    if (request.url === "/own") return response.end("<button>Pagina proprie</button>");
    response.end(`<iframe id="app" src="${baseURL}/login"></iframe><iframe id="own" src="/own"></iframe>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = site.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.frameLocator("#own").getByRole("button", { name: "Pagina proprie" })).toBeVisible();
    // Chromium replaces a refused frame with its error page.
    const appFrame = () => page.frames().find((frame) => frame !== page.mainFrame() && !frame.url().endsWith("/own"));
    await expect.poll(() => appFrame()?.url()).toBe("chrome-error://chromewebdata/");
    await expect(page.frameLocator("#app").getByRole("button", { name: "Conectați-vă" })).toHaveCount(0);
  } finally {
    site.close();
  }
});
