import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO, signInAndWaitForProfile } from "./helpers";

const FIXTURES = "test/fixtures/customers";

// The first spec (by file name; one worker) to import the workbook into the demo tenant: its
// counts expect every row new. Specs that import it too are named to run after this one.
test("the invoicing user checks a LibreOffice workbook, confirms the import and finds, sorts, filters and exports the customers", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/smartbill/customers/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import Clienți" })).toBeVisible();

  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await expect(page.getByText("Te rugăm să selectezi un fișier înainte de a-l încărca.")).toBeVisible();

  await page.getByTestId("customer-file").setInputFiles(`${FIXTURES}/ro-title.xlsx`);
  await expect(page.getByTestId("chosen-file")).toHaveText("ro-title.xlsx");
  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await expect(page.getByTestId("dry-run-counters")).toHaveText("3 clienți noi · 0 clienți de actualizat · 4 rânduri cu erori");
  const preview = page.getByRole("table", { name: /Previzualizare/ });
  await expect(preview.getByRole("row")).toHaveCount(4); // header + 3 valid rows
  const rejected = page.getByRole("table", { name: /Rânduri respinse/ });
  await expect(rejected.getByRole("row")).toHaveCount(5);
  await expect(rejected).toContainText("CIF invalid");
  await expect(rejected).toContainText("IBAN invalid");

  const report = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descarcă raportul de erori (.xlsx)" }).click();
  expect((await report).suggestedFilename()).toBe("clienti-erori.xlsx");

  await page.getByRole("button", { name: "Confirmă importul" }).click();
  await expect(page.getByTestId("summary-newItems")).toHaveText("3");
  await expect(page.getByTestId("summary-updatedItems")).toHaveText("0");
  await expect(page.getByTestId("summary-errorItems")).toHaveText("4");
  await expect(page.getByRole("button", { name: "Verifică fișierul" })).toHaveCount(0); // the form gave way

  await page.getByRole("link", { name: "Lista Clienți" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(16); // header + Demo SRL's 12 customers + the 3 imported
  // On a laptop's screen the 13 columns scroll inside their card: the page itself does not
  // scroll sideways, and the toolbar's last button stays on screen.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(page.getByRole("button", { name: "Export XLSX" })).toBeInViewport({ ratio: 1 });

  const firstCell = () => rows.nth(1).getByRole("cell").first().textContent();
  const ascendingFirst = await firstCell();
  const ascendingLast = await rows.nth(15).getByRole("cell").first().textContent();
  expect(ascendingFirst!.localeCompare(ascendingLast!, "ro")).toBeLessThan(0);
  await page.getByRole("columnheader", { name: "Denumire client" }).click(); // sorted already: now descending
  await expect.poll(firstCell).toBe(ascendingLast);

  const onlyRow = rows.nth(1);
  const code = (await onlyRow.getByRole("cell").nth(3).textContent())!;
  await page.getByPlaceholder("Caută (denumire, cod, CIF, email, localitate, județ)").fill(code);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(code);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe("clienti.csv");
  const text = readFileSync((await csv.path())!, "utf8");
  expect(text).toContain(code);
  expect(text.trim().split(/\r?\n/)).toHaveLength(2); // header + the filtered customer
});

test("a file that is not a spreadsheet is refused with the product's message and nothing is stored", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await page.goto("/smartbill/customers/import");
  await page.getByTestId("customer-file").setInputFiles(`${FIXTURES}/renamed-text.xlsx`);
  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await expect(page.getByText("Fișierul nu este un document Excel valid (.xlsx sau .xls).")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmă importul" })).toHaveCount(0);
});
