/**
 * The buyer check on the invoice's screen, against the real server and its SmartBill emulator:
 * a customer e-Factura would refuse (in Bucharest, no sector) is named above 'Trimite Factura'
 * with the way to correct it; the first click sends nothing and asks again as 'Trimite oricum';
 * the second sends, and the history says it went despite the problem. A customer chosen on the
 * screen is checked once saved.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, Invoice, InvoiceImportResult } from "../../contract/api";
import { i18nProvider } from "../../i18n/i18nProvider";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { dataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
/** The fixture's 'Șervețele Ţesute SRL': București, București, no sector. */
let bucharestId: number;
/** The fixture's 'Alfa Construct SA': Cluj-Napoca, Cluj. */
let clujId: number;

const SECTOR_MISSING =
  "Clientul este în București, dar localitatea „București” nu spune sectorul: scrieți în „Localitate” sectorul, de la 1 la 6 (de exemplu „Sector 3”).";

async function customerId(codClient: string): Promise<number> {
  const { json } = await httpClient<{ content: { id: number }[] }>(`/api/smartbill/customer/all?page=0&size=1&codClient=${codClient}`);
  return json.content[0].id;
}

async function importInvoice(clientId: number): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId, draft: false, useStock: false }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

const readInvoice = async (id: number) => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json;

const openEditor = (id: number) => renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id", i18n: i18nProvider, dataProvider });

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
  [bucharestId, clujId] = await Promise.all([customerId("C001"), customerId("C002")]);
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

describe("the buyer check before 'Trimite Factura'", () => {
  it("names a Bucharest customer without a sector, sends only on the second click, and the history says so", async () => {
    const id = await importInvoice(bucharestId);
    openEditor(id);
    const alert = await screen.findByTestId("buyer-problems", {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent("e-Factura poate respinge clientul facturii: o problemă");
    expect(within(alert).getByText(SECTOR_MISSING)).toBeInTheDocument();
    expect(within(alert).getByRole("link", { name: "Corectează clientul" })).toHaveAttribute("href", `/customers/${bucharestId}`);
    expect(alert).toHaveAttribute("data-prominent", "false");

    // The first click sends nothing: the problems come forward and the button asks again.
    await userEvent.click(screen.getByRole("button", { name: "Trimite Factura" }));
    const again = await screen.findByRole("button", { name: "Trimite oricum" });
    expect(screen.getByTestId("buyer-problems")).toHaveAttribute("data-prominent", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("apăsați „Trimite oricum” pentru a trimite factura așa cum este");
    expect(screen.queryByRole("button", { name: "Trimite Factura" })).toBeNull();
    expect((await readInvoice(id)).status).toBe("draft");

    await userEvent.click(again);
    expect(await screen.findByText(/^Succes:/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect((await readInvoice(id)).status).toBe("sent");
    await waitFor(() => expect(screen.getAllByTestId("history-event")).toHaveLength(2), { timeout: 5000 });
    const [accepted, sent] = screen.getAllByTestId("history-event");
    expect(accepted).toHaveTextContent("Trimitere în ciuda problemelor clientului");
    expect(accepted).toHaveTextContent(`Trimisă deși clientul are o problemă pentru e-Factura: ${SECTOR_MISSING}`);
    expect(accepted).not.toHaveTextContent("Răspuns SmartBill");
    expect(sent).toHaveTextContent("Trimitere în SmartBill — Reușită");
  });

  it("sends a customer without problems on the first click, showing nothing", async () => {
    const id = await importInvoice(clujId);
    openEditor(id);
    await userEvent.click(await screen.findByRole("button", { name: "Trimite Factura" }));
    expect(await screen.findByText(/^Succes:/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId("buyer-problems")).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("history-event")).toHaveLength(1), { timeout: 5000 });
    expect(screen.getByTestId("history-event")).toHaveTextContent("Trimitere în SmartBill — Reușită");
  });

  it("checks the customer chosen on the screen once it is saved", async () => {
    const id = await importInvoice(clujId);
    openEditor(id);
    const client = await screen.findByRole("combobox", { name: "Client" });
    await waitFor(() => expect(client).toHaveValue("Alfa Construct SA"), { timeout: 15_000 });
    expect(screen.queryByTestId("buyer-problems")).toBeNull();

    await userEvent.clear(client);
    await userEvent.type(client, "Țesute");
    await userEvent.click(await screen.findByRole("option", { name: /Șervețele Ţesute SRL/ }, { timeout: 15_000 }));
    // Cleared, the field may be saved empty first (then the alert says the invoice has no customer)
    // when the machine is slow: the check that counts is the one for the customer picked.
    await waitFor(() => expect(within(screen.getByTestId("buyer-problems")).getByText(SECTOR_MISSING)).toBeInTheDocument(), { timeout: 20_000 });
    expect((await readInvoice(id)).clientId).toBe(bucharestId);
  });
});
