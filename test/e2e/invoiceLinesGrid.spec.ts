/**
 * The invoice's lines as a spreadsheet, in Chromium, by keyboard and clipboard only: three
 * quantities typed one under the other (Enter moves down) and the totals follow; 50 rows copied
 * from a spreadsheet pasted into the empty last row become 50 lines; after a reload everything is
 * there, as the server stored it. The grid is driven through its DOM as agreed (role grid
 * 'Produse', rows 'product-line' / 'new-line', gridcells by data-field); without it the first
 * expectation says so.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import ExcelJS from "exceljs";
import { E2E_DATABASE_FILE } from "../../playwright.config";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile } from "./helpers";

test.use({ viewport: { width: 1280, height: 800 } });

/** Three lines in RON at 21% VAT, ten of each: 25,00 + 12,00 + 4,00 net. */
const WORKBOOK_ROWS = [
  ["Denumire produs", "Cod produs", "Cantitate", "Preț", "UM", "Monedă", "Procent TVA"],
  ["Șurub M8", "SRB08", 10, 2.5, "buc", "RON", 21],
  ["Piuliță M8", "PLT08", 10, 1.2, "buc", "RON", 21],
  ["Șaibă M8", "SAB08", 10, 0.4, "buc", "RON", 21],
];

/** 50 rows as a spreadsheet copies them (no header, the template's column order, Romanian numbers): 2 × 3,50 RON each. */
const PASTED_ROWS = Array.from({ length: 50 }, (_, i) => `Produs lipit ${i + 1}\tLIP${String(i + 1).padStart(3, "0")}\t2\t3,50\tbuc\tRON\t\t21`).join("\r\n") + "\r\n";

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Produse");
  for (const row of WORKBOOK_ROWS) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The import form with our workbook: client 'Alfa Construct SA', warehouse 'Magazin Cluj'; answers the new invoice's id. */
async function importInvoice(page: Page): Promise<string> {
  await page.goto("/smartbill/invoice/import");
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Magazin Cluj" }).click();
  await page.getByTestId("invoice-file").setInputFiles({
    name: "linii.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook(),
  });
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  return page.url().split("/").pop()!;
}

/** The lines grid of the invoice's screen (behind the 'Produse' tab while the screen has tabs). */
async function linesGrid(page: Page, id: string): Promise<Locator> {
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Factură #${id}`) })).toBeVisible();
  const linesTab = page.getByRole("tab", { name: "Produse" });
  const grid = page.getByRole("grid", { name: "Produse" });
  await expect(linesTab.or(grid).first()).toBeVisible();
  if (await linesTab.isVisible()) {
    await expect(async () => {
      await linesTab.click();
      await expect(linesTab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
    }).toPass();
  }
  await expect(grid, "the invoice's lines are an editable grid named 'Produse' (role grid)").toBeVisible({ timeout: 10_000 });
  return grid;
}

const quantityCell = (row: Locator) => row.locator('[role="gridcell"][data-field="quantity"]');

/** The invoice's lines as the server stored them, in their order. */
function storedLines(id: string): { name: string; quantity: number }[] {
  const db = new Database(E2E_DATABASE_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select name, quantity from invoice_lines where "invoiceId" = ? order by id').all(Number(id)) as { name: string; quantity: number }[];
  } finally {
    db.close();
  }
}

/** Scrolls whatever scrolls the grid (itself, a box inside or around it, the page) to its end, so a virtualised grid renders its last rows. */
async function scrollToEnd(grid: Locator) {
  await grid.evaluate((element) => {
    const scrollers = [element, ...element.querySelectorAll("*")];
    for (let parent = element.parentElement; parent; parent = parent.parentElement) scrollers.push(parent);
    for (const scroller of scrollers) if (scroller.scrollHeight > scroller.clientHeight) scroller.scrollTop = scroller.scrollHeight;
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

test("three quantities typed by keyboard, 50 rows pasted from a spreadsheet, all there after a reload", async ({ page, context, baseURL }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);
  await ensureWarehouse(page, "Magazin Cluj");
  const id = await importInvoice(page);
  const grid = await linesGrid(page, id);
  const lines = grid.getByTestId("product-line");
  const totals = page.getByTestId("totals-RON");
  await expect(lines).toHaveCount(3);
  await expect(totals).toContainText("41,00"); // 25,00 + 12,00 + 4,00
  await expect(totals).toContainText("49,61"); // + 5,25 + 2,52 + 0,84 VAT

  // (a) Keyboard only: on the first quantity cell type, Enter moves down, type, Enter, type, Enter.
  await quantityCell(lines.nth(0)).focus();
  for (const quantity of ["100", "50", "25"]) {
    await page.keyboard.type(quantity);
    await page.keyboard.press("Enter");
  }
  // 100 × 2,50 + 50 × 1,20 + 25 × 0,40 = 250,00 + 60,00 + 10,00 net; VAT 52,50 + 12,60 + 2,10.
  await expect(totals).toContainText("320,00");
  await expect(totals).toContainText("67,20");
  await expect(totals).toContainText("387,20");
  for (const [n, quantity] of ["100", "50", "25"].entries()) await expect(quantityCell(lines.nth(n))).toHaveText(quantity);
  for (let n = 0; n < 3; n++) await expect(lines.nth(n)).toHaveAttribute("data-state", "saved");
  await expect.poll(() => storedLines(id).map((line) => line.quantity)).toEqual([100, 50, 25]);

  // (b) 50 rows from the clipboard, pasted with Ctrl+V into the empty last row.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED_ROWS);
  const newLine = grid.getByTestId("new-line");
  await newLine.locator('[role="gridcell"]').first().focus();
  await page.keyboard.press("Control+V");
  // 50 × (7,00 net + 1,47 VAT) more: 670,00 net, 140,70 VAT, 810,70 in all.
  await expect(totals).toContainText("670,00");
  await expect(totals).toContainText("140,70");
  await expect(totals).toContainText("810,70");
  await expect.poll(() => storedLines(id).length).toBe(53);
  await scrollToEnd(grid);
  await expect(lines.filter({ hasText: "Produs lipit 50" })).toBeVisible();

  // (c) After a reload: the typed quantities and the pasted lines, as stored.
  await page.reload();
  const reloaded = await linesGrid(page, id);
  const reloadedLines = reloaded.getByTestId("product-line");
  for (const [n, quantity] of ["100", "50", "25"].entries()) await expect(quantityCell(reloadedLines.nth(n))).toHaveText(quantity);
  await expect(page.getByTestId("totals-RON")).toContainText("810,70");
  await scrollToEnd(reloaded);
  await expect(reloadedLines.filter({ hasText: "Produs lipit 50" })).toBeVisible();
  const stored = storedLines(id);
  expect(stored.slice(0, 3).map((line) => line.quantity)).toEqual([100, 50, 25]);
  expect(stored.slice(3).map((line) => line.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Produs lipit ${i + 1}`));
});
