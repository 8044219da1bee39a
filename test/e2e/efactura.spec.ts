/**
 * e-Factura in Chromium against the real `npm start` server and its two emulators: the company's
 * admin connects it to ANAF's SPV (the consent page standing in for the certificate sign-in), the
 * clerk sends an invoice through SmartBill, the SPV messages are read ('Citește acum mesajele SPV'
 * queues the task), and the invoice's screen says 'Validată' with its signed ZIP (the invoice as
 * SPV holds it, and the Ministry of Finance's signature) and ANAF's PDF to download; a supplier's
 * invoice is under 'Facturi primite'.
 */
import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import JSZip from "jszip";
import { xlsxOf } from "../helpers/excelFiles";
import { customerFields } from "../helpers/customerFields";
import { clerkApi, DEMO, signInAndWaitForProfile } from "./helpers";

test.use({ viewport: { width: 1280, height: 900 } });


interface SentInvoice {
  id: number;
  status: string;
  sentSeries: string;
  sentNumber: string;
}

/** An invoice of one line sent through SmartBill; the emulated SPV rejects numbers ending in 4 or 9, so one that it validates. */
async function sendValidatableInvoice(request: APIRequestContext, headers: Record<string, string>): Promise<SentInvoice> {
  const code = `SPV-${Date.now()}`;
  const created = await request.post("/api/smartbill/customer", {
    headers,
    data: customerFields({ clientName: `Client SPV ${code} SRL`, cif: "RO14399840", codClient: code, email: "facturi@clientspv.ro" }),
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const customer = (await created.json()) as { id: number };
  const workbook = await xlsxOf([
    ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"],
    ["Serviciu consultanță", "SRV1", 1, 100, 21],
  ]);
  for (let attempt = 0; attempt < 3; attempt++) {
    const imported = await request.post("/api/smartbill/invoice/import", {
      headers,
      multipart: {
        payload: JSON.stringify({ clientId: customer.id, dueDays: 14, useStock: false, draft: false }),
        file: { name: "linii.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook },
      },
    });
    expect(imported.status(), await imported.text()).toBeLessThan(300);
    const { importRequestId } = (await imported.json()) as { importRequestId: number };
    const sent = await request.post(`/api/smartbill/invoice/send/${importRequestId}`, { headers });
    const { invoice } = (await sent.json()) as { invoice: SentInvoice };
    expect(invoice.status).toBe("sent");
    if (!/[49]$/.test(invoice.sentNumber)) return invoice;
  }
  throw new Error("three invoice numbers in a row ended in 4 or 9");
}

test("connected to ANAF, a sent invoice becomes 'Validată' with its signed ZIP and ANAF's PDF, and a supplier's invoice is under 'Facturi primite'", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);

  // The admin connects the company: ANAF's consent page, then back on 'e-Factura (SPV)'.
  await signInAndWaitForProfile(page, DEMO.admin);
  await page.getByRole("menuitem", { name: "e-Factura (SPV)" }).click();
  await expect(page.getByText("Firma nu este conectată la ANAF (SPV).")).toBeVisible();
  await page.getByRole("button", { name: "Conectare la ANAF (SPV)" }).click();
  await expect(page.getByRole("button", { name: "Autorizează accesul" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Autorizează accesul" }).click();
  await expect(page).toHaveURL(/\/efactura-spv\?rezultat=connected$/, { timeout: 15_000 });
  await expect(page.getByText("Firma a fost conectată la ANAF (SPV).")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("efactura-connection-state")).toContainText(`de ${DEMO.admin}`);

  // The clerk sends an invoice through SmartBill; the emulated SPV gets it.
  const clerkPage = await (await browser.newContext({ baseURL, locale: "ro-RO", viewport: { width: 1280, height: 900 } })).newPage();
  const { request, headers } = await clerkApi(clerkPage, baseURL!);
  const invoice = await sendValidatableInvoice(request, headers);
  const number = `${invoice.sentSeries}${invoice.sentNumber}`;

  // The messages are read now rather than at the next pass.
  await page.getByRole("button", { name: "Citește acum mesajele SPV" }).click();
  await expect(page.getByText(/Mesajele SPV se citesc acum/)).toBeVisible();

  // The clerk's invoice screen: 'Validată' once the task has run.
  await signInAndWaitForProfile(clerkPage, DEMO.facturare);
  const card = clerkPage.getByTestId("invoice-efactura");
  await expect(async () => {
    await clerkPage.goto(`/invoices/${invoice.id}`);
    await expect(card.getByText("Validată")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  // The signed ZIP: the invoice as SPV holds it, with the signature beside it.
  const [zipDownload] = await Promise.all([clerkPage.waitForEvent("download"), card.getByRole("button", { name: "Descarcă ZIP semnat" }).click()]);
  expect(zipDownload.suggestedFilename()).toBe(`efactura-${number}.zip`);
  const zip = await JSZip.loadAsync(await readFile((await zipDownload.path())!));
  const names = Object.keys(zip.files);
  expect(names).toHaveLength(2);
  const invoiceFile = names.find((name) => /^\d+\.xml$/.test(name))!;
  expect(names).toContain(`semnatura_${invoiceFile}`);
  expect(await zip.file(invoiceFile)!.async("string")).toContain(`<cbc:ID>${number}</cbc:ID>`);

  // ANAF's PDF of it.
  const [pdfDownload] = await Promise.all([clerkPage.waitForEvent("download"), card.getByRole("button", { name: "Descarcă PDF (ANAF)" }).click()]);
  expect(pdfDownload.suggestedFilename()).toBe(`efactura-${number}.pdf`);
  expect((await readFile((await pdfDownload.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The invoice list's 'e-Factura' column says it too.
  await clerkPage.goto("/invoices");
  await expect(clerkPage.getByRole("row").filter({ hasText: `${invoice.sentSeries} ${invoice.sentNumber}` }).getByText("Validată")).toBeVisible({ timeout: 15_000 });

  // A supplier's invoice, read from SPV with the same pass, under 'Facturi primite'.
  await clerkPage.getByRole("menuitem", { name: "Facturi primite" }).click();
  const supplierRow = clerkPage.getByRole("row").filter({ hasText: "CLUJ LOGISTIC DEMO SRL" });
  await expect(supplierRow).toBeVisible({ timeout: 15_000 });
  await expect(supplierRow).toContainText("CLJ 10387");
  await expect(supplierRow).toContainText("EUR");

  // The clerk finds the SPV connection in the menu beside the invoices: to read, not to change.
  await clerkPage.getByRole("menuitem", { name: "e-Factura (SPV)" }).click();
  await expect(clerkPage.getByTestId("efactura-connection-state")).toContainText(`de ${DEMO.admin}`);
  await expect(clerkPage.getByText("Doar un administrator al firmei poate conecta sau deconecta firma de la ANAF.")).toBeVisible();
  await expect(clerkPage.getByRole("button", { name: "Deconectare" })).toHaveCount(0);

  // On a phone each supplier's invoice is a short entry (who, which, when, how much): the page never scrolls sideways.
  await clerkPage.setViewportSize({ width: 375, height: 740 });
  await clerkPage.goto("/receivedInvoices");
  const entry = clerkPage.getByRole("link").filter({ hasText: "CLUJ LOGISTIC DEMO SRL · CLJ 10387" });
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry).toContainText(/emisă \d{2}\.\d{2}\.\d{4}, scadentă \d{2}\.\d{2}\.\d{4}/);
  await expect(entry).toContainText(/\d+,\d{2} EUR/);
  await clerkPage.waitForLoadState("networkidle");
  const { scrollWidth, innerWidth } = await clerkPage.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await entry.click();
  await expect(clerkPage.getByRole("heading", { level: 1, name: "Factura CLJ 10387 de la CLUJ LOGISTIC DEMO SRL" })).toBeVisible();
});
