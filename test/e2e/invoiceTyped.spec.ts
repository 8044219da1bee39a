/**
 * 'Factură nouă' in Chromium: an invoice typed on its own screen (no file), sent to SmartBill
 * through /invoice/v2 with its public link, then reversed (the storno linked back); and 'Duplică'
 * starting a new draft from it.
 */
import { expect, test } from "@playwright/test";
import { DEMO, importCustomers, signInAndWaitForProfile } from "./helpers";
import { createTypedDocument, sendDocument } from "./typedDocuments";

test.use({ viewport: { width: 1280, height: 900 } });

test("an invoice typed from scratch is sent with its public link, reversed, and duplicated into a new draft", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await signInAndWaitForProfile(page, DEMO.facturare);
  await importCustomers(page);

  // From the list's toolbar, as a clerk starts one.
  await page.goto("/smartbill/invoices");
  await page.getByRole("link", { name: "Factură nouă" }).click();
  await expect(page).toHaveURL(/\/invoices\/create$/);
  const id = await createTypedDocument(page, context, baseURL!, {
    createPath: "/invoices/create",
    heading: "Factură nouă",
    screen: /\/invoices\/(\d+)$/,
    line: "Montaj rafturi\tPRD001\t1\t500,00\tbuc\tRON\t\t21",
  });
  const { series, number } = await sendDocument(page, "Trimite Factura");
  expect(series).toBe("SBL");
  await expect(page.getByTestId("public-link").getByRole("link")).toHaveAttribute("href", /^https?:\/\//);

  // The storno, as for an imported invoice.
  const actions = page.getByRole("group", { name: "Factura în SmartBill" });
  await actions.getByRole("button", { name: "Stornează" }).click();
  const confirm = page.getByRole("dialog", { name: `Stornați factura ${series} ${number}?` });
  await confirm.getByRole("button", { name: "Stornează" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(/Factura a fost stornată prin factura #\d+\./)).toBeVisible();

  // 'Duplică': a new draft with the same line, in its editor.
  await page.getByRole("button", { name: "Duplică" }).first().click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/invoices/${id}`);
  await expect(page.getByText(/Factură duplicată: lucrați acum pe copia #\d+\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Trimite Factura" })).toBeVisible();
});
