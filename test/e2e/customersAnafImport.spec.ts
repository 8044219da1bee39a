import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DATABASE_FILE } from "../../playwright.config";
import { DEMO, signInAndWaitForProfile } from "./helpers";

/** The CUI of the LibreOffice workbook's valid rows C001 and C002. */
const FIXTURE_CUI = "18547290";

/** ANAF's answer for the CUI forgotten, so the check asks the emulator (an earlier test may have checked it today). */
function forgetAnafAnswer(cui: string) {
  const db = new Database(E2E_DATABASE_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("delete from anaf_companies where cui = ?").run(cui);
  } finally {
    db.close();
  }
}

test("the import's dry run flags an inactive company found by 'Verifică la ANAF', and the import still goes through", async ({ page }) => {
  // The demo server's own ANAF emulator: the workbook's company made inactive.
  const settings = await page.request.put("/anaf-emulator/__emulator/settings", {
    data: { companyStates: { [FIXTURE_CUI]: { inactiveSince: "2025-01-15" } } },
  });
  expect(settings.ok()).toBe(true);
  forgetAnafAnswer(FIXTURE_CUI);
  try {
    await signInAndWaitForProfile(page, DEMO.facturare);
    await page.goto("/smartbill/customers/import");
    await expect(page.getByRole("heading", { level: 1, name: "Import Clienți" })).toBeVisible();
    const anafBox = page.getByRole("checkbox", { name: "Verifică la ANAF" });
    await expect(anafBox).toBeChecked();

    await page.getByTestId("customer-file").setInputFiles("test/fixtures/customers/ro-title.xlsx");
    await page.getByRole("button", { name: "Verifică fișierul" }).click();
    await expect(page.getByTestId("dry-run-counters")).toBeVisible();

    const findings = page.getByRole("table", { name: "Avertismente ANAF (2)" });
    await expect(findings).toBeVisible({ timeout: 30_000 });
    await expect(findings.getByRole("row")).toHaveCount(3);
    await expect(findings.getByRole("row").nth(1)).toContainText("C001");
    await expect(findings.getByRole("row").nth(1)).toContainText("Firmă inactivă la ANAF din 15.01.2025.");
    await expect(findings.getByRole("row").nth(2)).toContainText("C002");
    await expect(page.getByTestId("anaf-progress")).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Completează adresele goale din ANAF" })).toBeChecked();

    // Warnings reject nothing: the import is still there to confirm.
    await page.getByRole("button", { name: "Confirmă importul" }).click();
    await expect(page.getByTestId("summary-errorItems")).toHaveText("4");
  } finally {
    // Later tests invoice this company: neither the override nor its 'inactive' answer stays.
    await page.request.post("/anaf-emulator/__emulator/reset");
    forgetAnafAnswer(FIXTURE_CUI);
  }
});
