/** Shared steps of the browser tests. */
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";
export const DEMO = {
  superadmin: "superadmin@demo.ro",
  admin: "admin@demo.ro",
  facturare: "facturare@demo.ro",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Adresa de email").fill(email);
  await page.getByRole("textbox", { name: "Parola", exact: true }).fill(password);
  await page.getByRole("button", { name: "Conectați-vă" }).click();
}

export async function signInAndWaitForProfile(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-email")).toHaveText(email);
}

export async function storedSession(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem("general");
    return raw ? JSON.parse(raw) : null;
  });
}
