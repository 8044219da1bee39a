/**
 * A proforma's whole life in Chromium against the real server and its SmartBill emulator, with
 * nothing from a file: typed from scratch ('Proformă nouă', a line pasted into the grid), sent to
 * SmartBill (/estimate/v2, with its public link), its PDF downloaded, e-mailed (the emulator's
 * outbox says type proforma), transformed into an invoice ('Transformă în factură', linked both
 * ways), and that invoice paid in cash with a receipt ('Chitanțe' lists it).
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO, importCustomers, signInAndWaitForProfile } from "./helpers";
import { createTypedDocument, sendDocument } from "./typedDocuments";

test.use({ viewport: { width: 1280, height: 900 } });

test("a proforma typed from scratch is sent, downloaded, e-mailed, turned into an invoice, and that invoice paid in cash with a receipt", async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);

  const id = await createTypedDocument(page, context, baseURL!, {
    createPath: "/proformas/create",
    heading: "Proformă nouă",
    screen: /\/proformas\/(\d+)$/,
    line: "Consultanță lunară\tPRD001\t2\t150,00\tbuc\tRON\t\t21",
  });
  const { series, number } = await sendDocument(page, "Trimite proforma");
  expect(series).toBe("SBL-PF");

  // Sent through /estimate/v2: SmartBill's public link to it, shown and copyable.
  await expect(page.getByTestId("public-link")).toContainText("Link public");
  await expect(page.getByTestId("public-link").getByRole("button", { name: "Copiază linkul" })).toBeVisible();

  // The PDF: SmartBill's file for the proforma.
  const actions = page.getByRole("group", { name: /în SmartBill$/ });
  const downloading = page.waitForEvent("download");
  await actions.getByRole("button", { name: "Descarcă PDF" }).click();
  const pdf = await readFile((await (await downloading).path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The e-mail goes through SmartBill's /document/send as a proforma.
  await actions.getByRole("button", { name: "Trimite pe e-mail" }).click();
  const mailDialog = page.getByRole("dialog", { name: /Trimite pe e-mail/ });
  await mailDialog.getByRole("textbox", { name: "Către" }).fill("achizitii@alfa.ro");
  await mailDialog.getByRole("button", { name: "Trimite" }).click();
  await expect(mailDialog).toHaveCount(0);
  const outbox = await (await page.request.get("/smartbill-emulator/__emulator/outbox")).json();
  expect(outbox.mails).toContainEqual(expect.objectContaining({ series, number, to: ["achizitii@alfa.ro"] }));

  // 'Transformă în factură': asked first, then one invoice, linked both ways.
  await page.getByRole("button", { name: "Transformă în factură" }).click();
  const confirm = page.getByRole("dialog", { name: /Transformați proforma .* în factură\?/ });
  await confirm.getByRole("button", { name: "Transformă în factură" }).click();
  await expect(confirm).toHaveCount(0);
  const invoiced = page.getByRole("link", { name: /^Facturată: SBL \d+$/ });
  await expect(invoiced).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Transformă în factură" })).toHaveCount(0);
  await invoiced.click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole("link", { name: `Din proforma ${series} ${number}` })).toBeVisible();
  expect(page.url()).not.toContain(`/${id}`);

  // Paid in cash: the receipt is issued from the company's receipt series and listed.
  const invoiceActions = page.getByRole("group", { name: "Factura în SmartBill" });
  await invoiceActions.getByRole("button", { name: "Înregistrează încasare" }).click();
  const payDialog = page.getByRole("dialog", { name: /Înregistrează încasare pentru factura SBL/ });
  await payDialog.getByRole("combobox", { name: "Tip încasare" }).click();
  await page.getByRole("option", { name: "Chitanta" }).click();
  await payDialog.getByRole("button", { name: "Înregistrează" }).click();
  await expect(payDialog).toHaveCount(0);
  const receiptLink = page.getByRole("link", { name: /^Chitanța CH \d+$/ });
  await expect(receiptLink).toBeVisible({ timeout: 15_000 });
  const receiptName = (await receiptLink.textContent())!.replace("Chitanța ", "");
  await page.goto("/receipts");
  await expect(page.getByRole("row").filter({ hasText: receiptName })).toContainText("363,00 RON");
});
