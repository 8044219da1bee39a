/**
 * A sent invoice's life in Chromium against the real server and its SmartBill emulator: the send,
 * its PDF downloaded (a real PDF with the number inside), e-mailed (seen in the emulator's
 * outbox), a partial then a full payment ('Încasată'), the storno, and both invoices in the list
 * linked to each other.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { DEMO, ensureWarehouse, importCustomers, signInAndWaitForProfile, uploadInvoiceWorkbook } from "./helpers";

test("an invoice is sent, downloaded, e-mailed, paid in two parts and reversed; the list links it and its storno", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);
  await ensureWarehouse(page, "Magazin Cluj");
  await page.goto("/smartbill/invoice");
  await uploadInvoiceWorkbook(page);
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const id = page.url().split("/").pop()!;
  await page.getByRole("checkbox", { name: "Descarcă stocul" }).uncheck();
  await expect(page.getByTestId("save-state")).toHaveText("Salvat", { timeout: 5000 });
  await page.getByRole("button", { name: "Trimite Factura" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Succes:" });
  await expect(sent).toContainText(/ - Număr: \d+ - Serie: SBL/);
  const number = /Număr: (\d+)/.exec((await sent.textContent())!)![1];

  // The PDF: SmartBill's file, named after the invoice, with its number inside.
  const actions = page.getByRole("group", { name: "Factura în SmartBill" });
  const downloading = page.waitForEvent("download");
  await actions.getByRole("button", { name: "Descarcă PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`facturaSBL${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(`Seria SBL nr. ${number}`);

  // The e-mail: a wrong address is refused here, then it goes through SmartBill into the emulator's outbox.
  await actions.getByRole("button", { name: "Trimite pe e-mail" }).click();
  const mailDialog = page.getByRole("dialog", { name: /Trimite pe e-mail factura SBL/ });
  const to = mailDialog.getByRole("textbox", { name: "Către" });
  await to.fill("contabilitate.alfa.ro");
  await mailDialog.getByRole("button", { name: "Trimite" }).click();
  await expect(mailDialog.getByText("„contabilitate.alfa.ro” nu este o adresă de e-mail validă (de exemplu nume@firma.ro).")).toBeVisible();
  await to.fill("contabilitate@alfa.ro");
  await mailDialog.getByRole("button", { name: "Trimite" }).click();
  await expect(page.getByText(`Factura SBL ${number} a fost trimisă pe e-mail către contabilitate@alfa.ro.`)).toBeVisible();
  await expect(mailDialog).toHaveCount(0);
  const outbox = await (await page.request.get("/smartbill-emulator/__emulator/outbox")).json();
  expect(outbox.mails).toContainEqual(expect.objectContaining({ series: "SBL", number, to: ["contabilitate@alfa.ro"] }));

  // Payments: SmartBill's status first, then a partial payment, then the rest ('Încasată').
  await page.getByRole("button", { name: "Actualizează" }).click();
  const status = page.getByTestId("payment-status");
  await expect(status).toHaveText("Neîncasată");
  await actions.getByRole("button", { name: "Înregistrează încasare" }).click();
  const payDialog = page.getByRole("dialog", { name: /Înregistrează încasare pentru factura SBL/ });
  const amount = payDialog.getByRole("textbox", { name: "Sumă" });
  await expect(amount).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/); // what is unpaid, as Romanians write it
  await amount.fill("0");
  await payDialog.getByRole("button", { name: "Înregistrează" }).click();
  await expect(payDialog.getByText("Introduceți o sumă mai mare decât zero, cu cel mult două zecimale.")).toBeVisible();
  await amount.fill("100");
  await payDialog.getByRole("button", { name: "Înregistrează" }).click();
  await expect(payDialog).toHaveCount(0);
  await expect(status).toHaveText("Încasată parțial");
  await expect(page.getByTestId("invoice-payment")).toHaveCount(1);

  await actions.getByRole("button", { name: "Înregistrează încasare" }).click();
  await expect(amount).not.toHaveValue("");
  await payDialog.getByRole("button", { name: "Înregistrează" }).click(); // the rest, as proposed
  await expect(payDialog).toHaveCount(0);
  await expect(status).toHaveText("Încasată");
  await expect(page.getByTestId("invoice-payment")).toHaveCount(2);
  await expect(actions.getByRole("button", { name: "Înregistrează încasare" })).toBeDisabled();

  // The storno: asked first, then issued and linked both ways.
  await actions.getByRole("button", { name: "Stornează" }).click();
  const confirm = page.getByRole("dialog", { name: `Stornați factura SBL ${number}?` });
  await expect(confirm).toContainText("O stornare emisă nu se mai poate retrage.");
  await confirm.getByRole("button", { name: "Stornează" }).click();
  await expect(confirm).toHaveCount(0);
  const reversedBy = page.getByText(/Factura a fost stornată prin factura #\d+\./);
  await expect(reversedBy).toBeVisible();
  await expect(actions.getByRole("button", { name: "Stornează" })).toBeDisabled();
  const stornoId = /#(\d+)/.exec((await reversedBy.textContent())!)![1];

  await page.getByRole("link", { name: `Deschide factura #${stornoId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${stornoId}$`));
  await expect(page.getByText(`Această factură este stornarea facturii #${id}.`)).toBeVisible();
  // The storno's heading names it by SmartBill's series and number, as its row of the list does.
  const stornoHeading = page.getByRole("heading", { level: 1, name: /^Factura SBL \d+ · / });
  const stornoNumber = /^Factura (SBL \d+) · /.exec((await stornoHeading.textContent())!)![1];
  await expect(page.getByRole("group", { name: "Factura în SmartBill" }).getByRole("button", { name: "Stornează" })).toBeDisabled();

  // The list: both invoices, each linking to the other.
  await page.goto("/smartbill/invoices");
  // A row is named by its number: SmartBill's series and number once sent.
  const rowOf = (invoiceNumber: string) => page.locator("tr").filter({ has: page.locator("td.column-id", { hasText: new RegExp(`^${invoiceNumber}$`) }) });
  await expect(rowOf(`SBL ${number}`)).toContainText("Încasată");
  await expect(rowOf(`SBL ${number}`).getByRole("link", { name: `Stornată prin #${stornoId}` })).toBeVisible();
  await expect(rowOf(stornoNumber)).toContainText("Storno");
  await rowOf(stornoNumber).getByRole("link", { name: `Storno pentru #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}$`));
});
