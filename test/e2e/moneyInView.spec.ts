/**
 * Money in view, in Chromium against the real server and its SmartBill emulator: a customer owes
 * two invoices past their due date; the home's overdue figure leads to 'Scadențe' filtered to the
 * overdue invoices; both are reminded at once (the reminders reach the emulator's outbox through
 * SmartBill's /document/send); the customer's statement ('Fișa client') is downloaded as a PDF
 * whose closing balance is what the customer owes.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { xlsxOf } from "../helpers/excelFiles";
import { clerkApi, DEMO, signInAndWaitForProfile } from "./helpers";
import { customerFields } from "../helpers/customerFields";

test.use({ viewport: { width: 1280, height: 900 } });

const ROMANIA_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest", year: "numeric", month: "2-digit", day: "2-digit" });

function daysAgo(days: number): string {
  const date = new Date(`${ROMANIA_DAY.format(new Date())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}


test("the home's overdue figure leads to the overdue invoices, two are reminded at once, and the customer's statement PDF gives what is owed", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { request, headers } = await clerkApi(page, baseURL!);

  // A customer with an e-mail address, and two invoices of 242,00 RON issued 60 days ago, due in 14.
  const code = `RESTANT-${Date.now()}`;
  const created = await request.post("/api/smartbill/customer", {
    headers,
    data: customerFields({ clientName: `Restanțier ${code} SRL`, cif: "RO14399840", codClient: code, email: "plati@restantier.ro" }),
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const customer = (await created.json()) as { id: number; clientName: string };
  const workbook = await xlsxOf([
    ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"],
    ["Serviciu consultanță", "SRV1", 2, 100, 21],
  ]);
  const numbers: string[] = [];
  for (let i = 0; i < 2; i++) {
    const imported = await request.post("/api/smartbill/invoice/import", {
      headers,
      multipart: {
        payload: JSON.stringify({ clientId: customer.id, issueDate: daysAgo(60), dueDays: 14, useStock: false, draft: false }),
        file: { name: "linii.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook },
      },
    });
    const { importRequestId } = (await imported.json()) as { importRequestId: number };
    const sent = await request.post(`/api/smartbill/invoice/send/${importRequestId}`, { headers });
    const { invoice } = (await sent.json()) as { invoice: { status: string; sentSeries: string; sentNumber: string } };
    expect(invoice.status).toBe("sent");
    numbers.push(`${invoice.sentSeries} ${invoice.sentNumber}`);
  }
  await request.delete("/smartbill-emulator/__emulator/outbox");

  // The home: the overdue figure in RON is a link to the list of exactly those invoices.
  await signInAndWaitForProfile(page, DEMO.facturare);
  const overdue = page.getByRole("link", { name: /^Scadență depășită: [\d.]+,\d{2} RON\. Deschide lista$/ });
  await expect(overdue).toBeVisible({ timeout: 15_000 });
  await overdue.click();
  await expect(page).toHaveURL(/\/receivables\?/);
  expect(JSON.parse(new URL(page.url()).searchParams.get("filter")!)).toEqual({ currency: "RON", overdue: true });

  // Both invoices are there, 46 days overdue; both are selected and reminded at once.
  for (const name of numbers) {
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("46");
    await row.getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Trimite reamintire" }).click();
  const dialog = page.getByRole("dialog", { name: "Trimite reamintiri de plată" });
  await expect(dialog.getByTestId("reminder-preview")).toHaveCount(2);
  await expect(dialog.getByText("Se vor trimite 2 reamintiri.")).toBeVisible();
  await dialog.getByRole("button", { name: "Trimite" }).click();
  await expect(dialog.getByRole("status")).toHaveText("2 reamintiri trimise.", { timeout: 30_000 });
  const outbox = (await (await request.get("/smartbill-emulator/__emulator/outbox")).json()) as { mails: { series: string; number: string; to: string[]; subject: string }[] };
  expect(outbox.mails.map((mail) => [`${mail.series} ${mail.number}`, mail.to, mail.subject]).sort()).toEqual(
    numbers.map((name) => [name, ["plati@restantier.ro"], `Reamintire de plată: factura ${name}`]).sort(),
  );
  await dialog.getByRole("button", { name: "Închide" }).click();

  // The customer's statement: its PDF closes on what the customer owes.
  await page.goto(`/customers/${customer.id}/show`);
  const statement = page.getByRole("region", { name: "Fișa client" });
  await expect(statement).toContainText("484,00");
  const downloading = page.waitForEvent("download");
  await statement.getByRole("button", { name: "Descarcă PDF" }).click();
  const pdf = await readFile((await (await downloading).path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  expect(text).toContain(customer.clientName);
  expect(text).toContain("Sold final: 484,00 RON");
});
