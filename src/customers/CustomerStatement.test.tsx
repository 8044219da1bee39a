/**
 * 'Fișa client' on a customer's page against the live server and its SmartBill emulator: this
 * year's statement by default, with the invoice, its payment and the running balance, the closing
 * balance in bold as Romanians write it; a period the server refuses shows why; the PDF and the
 * workbook download as the server's files; the e-mail dialog starts from the customer's address,
 * refuses a wrong one at the field, and sends the statement.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InvoiceImportResult, InvoicePaymentResult, InvoiceSendResult } from "../../contract/api";
import { captureDownloads } from "../../test/helpers/downloads";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { formatAmount } from "../invoices/lineTotals";
import { romanianToday as today } from "../common/romanianTime";
import { dataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { CustomerShow } from "./CustomerShow";
import { customerFields } from "../../test/helpers/customerFields";

configure({ asyncUtilTimeout: 10_000 });

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));

let server: LiveServer;
let customerId: number;
let invoiceName: string;
let closing: number;

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const { data: customer } = await dataProvider.create("customers", {
    data: customerFields({ clientName: "Client Fișă SRL", cif: "RO18547290", codClient: "CF-1", email: "office@client.ro" }),
  });
  customerId = customer.id;
  // An invoice issued today (the import's default day), sent, then 10,00 paid of it.
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId: customerId, draft: false, useStock: false }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json: imported } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(imported.error).toBe(false);
  const { json: sent } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${imported.importRequestId}`, { method: "POST" });
  invoiceName = `${sent.invoice!.sentSeries} ${sent.invoice!.sentNumber}`;
  const { json: paid } = await httpClient<InvoicePaymentResult>(`/api/smartbill/invoice/${sent.invoice!.id}/payments`, {
    method: "POST",
    body: JSON.stringify({ requestId: randomUUID(), amount: 10, date: sent.invoice!.issueDate, type: "Ordin plata" }),
  });
  closing = paid.invoice.payment!.total - 10;
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const openPage = () => renderWithAdmin(<CustomerShow />, { path: `/customers/${customerId}/show`, route: "/customers/:id/show" });
const section = async () => screen.findByRole("region", { name: "Fișa client" });

describe("'Fișa client' on a customer's page", () => {
  it("shows this year's statement: the invoice, its payment, the running balance and the closing balance in bold", async () => {
    openPage();
    const statement = await section();
    expect(within(statement).getByLabelText("De la")).toHaveValue(`${today().slice(0, 4)}-01-01`);
    expect(within(statement).getByLabelText("Până la")).toHaveValue(today());
    const table = await within(statement).findByRole("table", { name: "Moneda: RON" });
    for (const header of ["Data", "Document", "Explicație", "Debit", "Credit", "Sold"]) {
      expect(within(table).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Sold inițial");
    expect(within(rows[2]).getByRole("link", { name: invoiceName })).toBeInTheDocument();
    expect(rows[3]).toHaveTextContent("Încasare (Ordin plata)");
    expect(rows[3]).toHaveTextContent(formatAmount(closing, 2));
    const total = within(table).getByTestId("closing-RON");
    expect(total).toHaveTextContent(`${formatAmount(closing, 2)} RON`);
    expect(getComputedStyle(total).fontWeight).toBe("700");
  });

  it("says why the server refuses a period whose start is after its end", async () => {
    openPage();
    const statement = await section();
    await within(statement).findByRole("table", { name: "Moneda: RON" });
    fireEvent.change(within(statement).getByLabelText("De la"), { target: { value: "2099-01-01" } });
    expect(await within(statement).findByRole("alert")).toHaveTextContent("Data de început a perioadei nu poate fi după data de sfârșit.");
    expect(within(statement).getByRole("button", { name: "Descarcă PDF" })).toBeDisabled();
  });

  it("downloads the statement as the server's PDF and workbook", async () => {
    const downloads = captureDownloads();
    try {
      openPage();
      const statement = await section();
      await within(statement).findByRole("table", { name: "Moneda: RON" });
      const period = `${today().slice(0, 4)}-01-01-${today()}`;
      const pdf = await downloads.savedBy(() => userEvent.click(within(statement).getByRole("button", { name: "Descarcă PDF" })));
      expect(pdf.filename).toBe(`fisa-client-CF-1-${period}.pdf`);
      expect(new TextDecoder().decode((await pdf.blob.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
      const xlsx = await downloads.savedBy(() => userEvent.click(within(statement).getByRole("button", { name: "Descarcă XLSX" })));
      expect(xlsx.filename).toBe(`fisa-client-CF-1-${period}.xlsx`);
      expect(new TextDecoder().decode((await xlsx.blob.arrayBuffer()).slice(0, 2))).toBe("PK");
    } finally {
      downloads.restore();
    }
  });

  it("e-mails the statement: the customer's address first, a wrong one refused at the field, then sent", async () => {
    openPage();
    const statement = await section();
    await within(statement).findByRole("table", { name: "Moneda: RON" });
    await userEvent.click(within(statement).getByRole("button", { name: "Trimite pe e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Trimite fișa client pe e-mail" });
    const to = within(dialog).getByLabelText("Către");
    expect(to).toHaveValue("office@client.ro");
    await userEvent.clear(to);
    await userEvent.type(to, "Ion <ion@client.ro>");
    await userEvent.click(within(dialog).getByRole("button", { name: "Trimite" }));
    expect(await within(dialog).findByText("„Ion <ion@client.ro>” nu este o adresă de e-mail validă (de exemplu nume@firma.ro).")).toBeInTheDocument();
    expect(to).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(to);
    await userEvent.type(to, "contabilitate@client.ro");
    await userEvent.click(within(dialog).getByRole("button", { name: "Trimite" }));
    expect(await screen.findByText("Fișa clientului Client Fișă SRL a fost trimisă pe e-mail către contabilitate@client.ro.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
