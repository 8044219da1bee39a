/**
 * A document typed on its own screen ('Factură nouă', 'Proformă nouă') rather than imported: the
 * client picked, created, one line pasted into the grid's empty row as a spreadsheet copies it,
 * saved; and its send, which answers SmartBill's series and number.
 */
import { type BrowserContext, expect, type Page } from "@playwright/test";

export interface TypedDocument {
  /** the create screen's URL */
  createPath: string;
  /** its heading */
  heading: string;
  /** the editor's URL, with the id as its group */
  screen: RegExp;
  /** one line, tab-separated in the template's column order */
  line: string;
}

/** Creates the document for 'Alfa Construct SA' with one line; answers its id, the editor open. */
export async function createTypedDocument(page: Page, context: BrowserContext, baseURL: string, document: TypedDocument): Promise<string> {
  await page.goto(document.createPath);
  await expect(page.getByRole("heading", { level: 1, name: document.heading })).toBeVisible();
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  const takesStock = page.getByRole("checkbox", { name: "Descarcă stocul" });
  if ((await takesStock.count()) > 0 && (await takesStock.isChecked())) await takesStock.uncheck();
  await page.getByRole("button", { name: "Creează și adaugă produsele" }).click();
  await expect(page).toHaveURL(document.screen);
  const id = document.screen.exec(new URL(page.url()).pathname)![1];

  const linesTab = page.getByRole("tab", { name: "Produse" });
  const grid = page.getByRole("grid", { name: "Produse" });
  await expect(linesTab.or(grid).first()).toBeVisible();
  if (await linesTab.isVisible()) {
    await expect(async () => {
      await linesTab.click();
      await expect(linesTab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
    }).toPass();
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${document.line}\r\n`);
  await grid.getByTestId("new-line").locator('[role="gridcell"]').first().focus();
  await page.keyboard.press("Control+V");
  await expect(grid.getByTestId("product-line")).toHaveCount(1);
  await expect(grid.getByTestId("product-line").first()).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("save-state")).toHaveText("Salvat", { timeout: 5000 });
  return id;
}

/** Sends the open document with its send button; answers what SmartBill numbered it. */
export async function sendDocument(page: Page, button: string): Promise<{ series: string; number: string }> {
  await page.getByRole("button", { name: button }).click();
  const sent = page.getByRole("status").filter({ hasText: "Succes:" });
  await expect(sent).toContainText(/ - Număr: \d+ - Serie: /, { timeout: 15_000 });
  const [, number, series] = / - Număr: (\d+) - Serie: (\S+)/.exec((await sent.textContent())!)!;
  return { series, number };
}
