/**
 * 'Factură nouă', 'Duplică' and the public link against the real server and its SmartBill
 * emulator: an invoice started on its screen with the import's defaults, which lands in its
 * editor; one without a client refused at the field, nothing created; a customer added on the
 * spot with the customer form, then the invoice's client; a copy of an invoice from its screen
 * and from the list's row menu, opened in its editor; a sent invoice's public link, opened in a
 * new tab and copied.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import type { Customer, CustomerImportResult, Invoice, InvoiceImportResult, InvoiceSendResult } from "../../contract/api";
import { validCuisFrom } from "../../test/helpers/anafCuis";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceCreate } from "./InvoiceCreate";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceList } from "./InvoiceList";
import { today } from "./invoiceText";

/** The form dates a new invoice in Romania's calendar; the server dates a copy by its own clock. */
const romanianToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(new Date());
const eitherToday = () => [romanianToday(), today(), new Date().toISOString().slice(0, 10)];

// The server answers in milliseconds, but a busy machine renders the forms slowly.
configure({ asyncUtilTimeout: 5_000 });

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
let clientId: number;

/** The invoice screens as the app routes them: the list, 'Factură nouă', an invoice's editor. */
const screens = (path: string) =>
  renderWithAdmin(
    <Routes>
      <Route path="/invoices" element={<InvoiceList />} />
      <Route path="/invoices/create" element={<InvoiceCreate />} />
      <Route path="/invoices/:id" element={<InvoiceEdit />} />
    </Routes>,
    { path },
  );

const invoices = async () => (await httpClient<{ content: Invoice[] } | Invoice[]>("/api/smartbill/invoice?page=0&size=500")).json;
const invoiceCount = async () => {
  const json = await invoices();
  return Array.isArray(json) ? json.length : json.content.length;
};
const readInvoice = async (id: number) => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json;
const idIn = (pathname: string) => Number(/^\/invoices\/(\d+)$/.exec(pathname)?.[1]);

async function importInvoice(payload: object = {}): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId, draft: false, useStock: false, ...payload }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

/** 'Factură nouă' once its form is there (the page asks the auth provider first). */
async function openCreate() {
  const opened = screens("/invoices/create");
  expect(await screen.findByRole("heading", { level: 1, name: "Factură nouă" })).toBeInTheDocument();
  await screen.findByRole("button", { name: "Creează și adaugă produsele" });
  return opened;
}

async function chooseClient(search: string, name: RegExp) {
  await userEvent.type(screen.getByRole("combobox", { name: "Client" }), search);
  await userEvent.click(await screen.findByRole("option", { name }));
}

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
  const { json: page } = await httpClient<{ content: { id: number }[] }>("/api/smartbill/customer/all?page=0&size=1&codClient=C002");
  clientId = page.content[0].id;
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

describe("'Factură nouă'", () => {
  it("is on the invoice list's toolbar and leads to the create screen", async () => {
    const { router } = screens("/invoices");
    await userEvent.click(await screen.findByRole("link", { name: "Factură nouă" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/invoices/create"));
    expect(await screen.findByRole("heading", { level: 1, name: "Factură nouă" })).toBeInTheDocument();
  });

  it("creates a draft with the import's defaults and the chosen client, then lands in its editor", async () => {
    const { router } = await openCreate();
    // The import's defaults: today, 14 days to pay, RON; stock taken by default (so a warehouse asked for).
    expect(screen.getByLabelText("Data emiterii")).toHaveValue(romanianToday());
    expect(screen.getByRole("spinbutton", { name: "Zile până la scadență" })).toHaveValue(14);
    expect(screen.getByRole("combobox", { name: "Monedă" })).toHaveTextContent("RON");
    await userEvent.click(screen.getByRole("checkbox", { name: "Descarcă stocul" }));
    await chooseClient("alfa", /Alfa Construct SA/);
    const before = await invoiceCount();

    await userEvent.click(screen.getByRole("button", { name: "Creează și adaugă produsele" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/invoices\/\d+$/), { timeout: 10_000 });
    const id = idIn(router.state.location.pathname);
    expect(await screen.findByText(`Factură #${id} a fost creată: adăugați produsele.`)).toBeInTheDocument();
    // The usual editor: its heading, tabs, save state and send button.
    expect(await screen.findByRole("heading", { name: `Factură #${id} — de trimis în SmartBill` })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Produse" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Trimite Factura" })).toBeInTheDocument();

    expect(await invoiceCount()).toBe(before + 1);
    expect(await readInvoice(id)).toMatchObject({
      clientName: "Alfa Construct SA",
      issueDate: romanianToday(),
      dueDays: 14,
      seriesName: "SBL",
      currency: "RON",
      language: "RO",
      precision: 2,
      draft: false,
      useStock: false,
      status: "draft",
      products: [],
    });
  });

  it("refuses an invoice without a client, saying so at the field, and creates nothing", async () => {
    const { router } = await openCreate();
    const before = await invoiceCount();
    await userEvent.click(screen.getByRole("button", { name: "Creează și adaugă produsele" }));
    expect(await screen.findByText("Alegeți clientul facturii.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Client" })).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.pathname).toBe("/invoices/create");
    expect(await invoiceCount()).toBe(before);
  });

  it("adds a customer on the spot with the customer form, checked as there, and makes it the invoice's client", async () => {
    const { router } = await openCreate();
    await userEvent.click(screen.getByRole("button", { name: "Client nou" }));
    const dialog = await screen.findByRole("dialog", { name: "Adaugă client" });
    const [cif] = validCuisFrom(4_810_001, 1);
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Denumire client" }), "Client Pe Loc SRL");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Cod client" }), "PE-LOC");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "CIF" }), "RO123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    // The customer form's own check, before anything is stored.
    expect(await within(dialog).findByText(/RO123/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole("textbox", { name: "CIF" }));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "CIF" }), cif);
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Adaugă client" })).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText("Clientul a fost adăugat și ales.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Client" })).toHaveValue("Client Pe Loc SRL");
    const { json: page } = await httpClient<{ content: Customer[] }>("/api/smartbill/customer/all?page=0&size=5&codClient=PE-LOC");
    const added = page.content.find((customer) => customer.codClient === "PE-LOC")!;
    expect(added).toMatchObject({ clientName: "Client Pe Loc SRL", cif });

    await userEvent.click(screen.getByRole("checkbox", { name: "Descarcă stocul" }));
    await userEvent.click(screen.getByRole("button", { name: "Creează și adaugă produsele" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/invoices\/\d+$/), { timeout: 10_000 });
    expect((await readInvoice(idIn(router.state.location.pathname))).clientId).toBe(added.id);
  }, 90_000); // two forms typed into: over 40 s on a loaded 2-core machine
});

describe("'Duplică'", () => {
  it("on an invoice's screen makes a draft copy through the server and opens its editor", async () => {
    const id = await importInvoice({ mentions: "De copiat" });
    const original = await readInvoice(id);
    const { router } = screens(`/invoices/${id}`);
    await screen.findByRole("heading", { name: `Factură #${id} — de trimis în SmartBill` });
    await userEvent.click(screen.getByRole("button", { name: "Duplică" }));

    await waitFor(() => expect(idIn(router.state.location.pathname)).toBeGreaterThan(id), { timeout: 10_000 });
    const copyId = idIn(router.state.location.pathname);
    expect(await screen.findByText(`Factură duplicată: lucrați acum pe copia #${copyId}.`)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: `Factură #${copyId} — de trimis în SmartBill` })).toBeInTheDocument();
    const copy = await readInvoice(copyId);
    expect(copy).toMatchObject({ clientId, mentions: "De copiat", status: "draft" });
    expect(eitherToday()).toContain(copy.issueDate);
    expect(copy.products!.map(({ name, quantity, price }) => ({ name, quantity, price }))).toEqual(
      original.products!.map(({ name, quantity, price }) => ({ name, quantity, price })),
    );
  });

  it("on a list row, sent or not, copies that invoice and opens the copy", async () => {
    const id = await importInvoice();
    const { router } = screens("/invoices");
    const row = (await screen.findByRole("cell", { name: `#${id}` }, { timeout: 5000 })).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: `Acțiuni pentru factura #${id}` }));
    const menu = await screen.findByRole("menu", { name: `Acțiuni pentru factura #${id}` });
    // A draft has no life in SmartBill yet: 'Duplică' is its only action.
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Duplică"]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Duplică" }));

    await waitFor(() => expect(idIn(router.state.location.pathname)).toBeGreaterThan(id), { timeout: 10_000 });
    const copyId = idIn(router.state.location.pathname);
    expect(await screen.findByRole("heading", { name: `Factură #${copyId} — de trimis în SmartBill` })).toBeInTheDocument();
    expect((await readInvoice(copyId)).products).toHaveLength((await readInvoice(id)).products!.length);
  });
});

describe("a sent invoice's public link", () => {
  it("shows SmartBill's public view link, opening in a new tab, and copies it", async () => {
    const id = await importInvoice();
    const { json } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${id}`, { method: "POST" });
    const url = json.invoice!.documentViewUrl;
    expect(url).toMatch(/^https?:\/\//);
    const user = userEvent.setup(); // a clipboard of its own, to read back
    screens(`/invoices/${id}`);

    const panel = await screen.findByTestId("public-link", {}, { timeout: 10_000 });
    expect(panel).toHaveTextContent("Link public:");
    const link = within(panel).getByRole("link", { name: url! });
    expect(link).toHaveAttribute("href", url);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toMatch(/\bnoopener\b/);

    await user.click(within(panel).getByRole("button", { name: "Copiază linkul" }));
    expect(await screen.findByText("Link copiat.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it("is not shown before the invoice is sent", async () => {
    const id = await importInvoice();
    screens(`/invoices/${id}`);
    await screen.findByRole("heading", { name: `Factură #${id} — de trimis în SmartBill` });
    expect(screen.getByRole("button", { name: "Duplică" })).toBeInTheDocument();
    expect(screen.queryByTestId("public-link")).toBeNull();
    expect(screen.queryByText("Link public:")).toBeNull();
  });
});
