import { expect, test } from "@playwright/test";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile, uploadInvoiceWorkbook } from "./helpers";

test("the invoicing user imports an invoice workbook, edits it with auto-save, changes its lines and sends it once", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);
  await ensureWarehouse(page, "Magazin Cluj");

  // Import: the form, a refused click without a file, then a LibreOffice workbook.
  await page.goto("/smartbill/invoice");
  await expect(page.getByRole("heading", { level: 1, name: "SmartBill - Import Factură" })).toBeVisible();
  await expect(page.getByLabel("Zile până la scadență")).toHaveValue("14");
  await expect(page.getByRole("radio", { name: "Emite factura" })).toBeChecked(); // a draft is a deliberate choice
  await expect(page.getByRole("checkbox", { name: "Salvează în DB" })).not.toBeChecked();
  await expect(page.getByLabel("Serie")).toHaveValue("SBL");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  await expect(page.getByText("Te rugăm să selectezi un fișier înainte de a-l încărca.")).toBeVisible();

  await uploadInvoiceWorkbook(page);

  // The edit screen of the new request.
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const id = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: `Factură #${id} — de trimis în SmartBill` })).toBeVisible();
  const saveState = page.getByTestId("save-state");
  await expect(saveState).toHaveText("Salvat");

  // Edit fields: unsaved at once, saved a second after the last keystroke.
  await page.getByLabel("Mențiuni").fill("Livrare prin curier");
  await expect(saveState).toHaveText("Modificări nesalvate");
  await expect(saveState).toHaveText("Salvat", { timeout: 5000 });
  await page.getByRole("checkbox", { name: "Descarcă stocul" }).uncheck();
  await expect(saveState).toHaveText("Salvat", { timeout: 5000 });

  // Lines: 4 from the workbook; add, edit, delete.
  await page.getByRole("tab", { name: "Produse" }).click();
  const lines = page.getByTestId("product-line");
  await expect(lines).toHaveCount(4);
  await expect(lines.first()).toContainText("Laptop Lenovo ThinkPad E14");
  await expect(page.getByTestId("totals-RON")).toBeVisible();

  await page.getByRole("button", { name: "Adaugă Produs" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("textbox", { name: "UM", exact: true })).toHaveValue("buc");
  await expect(dialog.getByRole("textbox", { name: "Procent TVA", exact: true })).toHaveValue("21"); // the emulator's tax list
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog.getByText("Câmp obligatoriu.").first()).toBeVisible(); // a wrong input: nothing filled
  await dialog.getByRole("textbox", { name: "Denumire produs" }).fill("Mouse optic");
  await dialog.getByRole("textbox", { name: "Cod produs" }).fill("PRD099");
  await dialog.getByRole("textbox", { name: "Cantitate" }).fill("3");
  await dialog.getByRole("textbox", { name: "Preț" }).fill("45,50");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lines).toHaveCount(5);
  await expect(lines.nth(4)).toContainText("Mouse optic");

  await page.getByRole("button", { name: "Editează Mouse optic" }).click();
  await expect(dialog.getByText("Editează Produs")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Cantitate" }).fill("4");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(lines.nth(4).getByRole("gridcell").nth(2)).toHaveText("4");

  page.once("dialog", (confirm) => confirm.accept());
  await page.getByRole("button", { name: "Șterge Cafea boabe prăjită" }).click();
  await expect(lines).toHaveCount(4);
  await expect(page.getByText("Cafea boabe prăjită")).toHaveCount(0);

  // Send: the success text with the series and number; the invoice is then read-only.
  await page.getByRole("button", { name: "Trimite Factura" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Succes:" });
  await expect(sent).toContainText(/ - Număr: \d+ - Serie: SBL/);
  const number = /Număr: (\d+)/.exec((await sent.textContent())!)![1];

  // The list shows it as sent, by its number; reopening it shows a read-only invoice.
  await page.goto("/smartbill/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Facturi importate prin SmartBill" })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: `SBL ${number}`, exact: true }) });
  await expect(row).toContainText("Alfa Construct SA");
  await expect(row).toContainText(/Trimisă: SBL \d+/);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}$`));
  await expect(page.getByText(/Factura a fost trimisă în SmartBill: seria SBL/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Trimite Factura" })).toHaveCount(0);
});

test("a workbook with bad rows is refused whole, with each row's reason", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);
  await page.goto("/smartbill/invoice/import");
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  await page.getByRole("checkbox", { name: "Descarcă stocul" }).uncheck();
  await page.getByTestId("invoice-file").setInputFiles("test/fixtures/invoices/bad-rows.xlsx");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  const rejected = page.getByRole("table", { name: /Rânduri respinse/ });
  await expect(rejected.getByRole("row")).toHaveCount(6); // header + 5 bad rows
  await expect(page).toHaveURL(/\/invoices\/import$/);
});
