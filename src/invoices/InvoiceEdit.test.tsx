/**
 * The edit screen against the real server: loading, auto-save to 'Salvat', a save refused as
 * stale (another tab saved first) said plainly with a reload, the warning before leaving with
 * unsaved changes, and a 400-line invoice whose rows do not re-render while a field is typed in.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { I18nProvider } from "react-admin";
import type { CustomerImportResult, Invoice, InvoiceImportResult } from "../../contract/api";
import { i18nProvider } from "../../i18n/i18nProvider";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
let clientId: number;

async function importInvoice(workbook: Buffer): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId }));
  form.append("file", new File([new Uint8Array(workbook)], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

const readInvoice = async (id: number) => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json;

function openEditor(id: number, i18n: I18nProvider = i18nProvider) {
  return renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id", i18n });
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

describe("the invoice edit screen", () => {
  it("loads, then saves a change a second after the last keystroke", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    openEditor(id);
    expect(screen.getByText("Se încarcă solicitarea...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: `Import factură in SmartBill #${id}` })).toBeInTheDocument();
    const state = await screen.findByTestId("save-state");
    expect(state).toHaveTextContent("Salvat");
    expect(screen.getByRole("tab", { name: "Date factură", selected: true })).toBeInTheDocument();

    await userEvent.type(screen.getByRole("textbox", { name: "Mențiuni" }), "Curier");
    expect(state).toHaveTextContent("Modificări nesalvate");
    await waitFor(() => expect(state).toHaveTextContent("Salvat"), { timeout: 5000 });
    expect((await readInvoice(id)).mentions).toBe("Curier");
  });

  it("says when another tab saved first, keeps the text typed here, and reloads the other tab's version on request", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    openEditor(id);
    const mentions = await screen.findByRole("textbox", { name: "Mențiuni" });
    const loaded = await readInvoice(id);
    // The other tab saves first.
    const { products: _lines, ...other } = loaded;
    await httpClient(`/api/smartbill/invoice/${id}`, { method: "PUT", body: JSON.stringify({ ...other, mentions: "Din alt tab" }) });

    await userEvent.type(mentions, "De aici");
    expect(await screen.findByText(/Factura a fost modificată între timp/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId("save-state")).toHaveTextContent("Modificări nesalvate");
    expect(mentions).toHaveValue("De aici");
    expect((await readInvoice(id)).mentions).toBe("Din alt tab"); // not overwritten

    await userEvent.click(screen.getByRole("button", { name: "Reîncarcă" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Mențiuni" })).toHaveValue("Din alt tab"));
    expect(screen.getByTestId("save-state")).toHaveTextContent("Salvat");
  });

  it("asks before the page is left with unsaved changes, not after they are saved", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    openEditor(id);
    await userEvent.type(await screen.findByRole("textbox", { name: "Observații" }), "x");
    const leaving = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Salvat"), { timeout: 5000 });
    const later = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("says so when the invoice cannot be loaded", async () => {
    openEditor(987_654);
    expect(await screen.findByText("Eroare la preluarea solicitării.")).toBeInTheDocument();
  });

  it("does not re-render a 400-line invoice's rows while a field is typed in", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`Produs ${i + 1}`, `P${i + 1}`, 1, 10]);
    const id = await importInvoice(await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret"], ...rows]));
    // Each product row asks for its 'Editează' label once per render: count those renders.
    let rowRenders = 0;
    const counting: I18nProvider = {
      ...i18nProvider,
      translate: (key, options) => {
        if (key === "invoices.lines.editAction") rowRenders += 1;
        return i18nProvider.translate(key, options);
      },
    };
    openEditor(id, counting);
    await userEvent.click(await screen.findByRole("tab", { name: "Produse" }));
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(400));
    expect(within(screen.getByTestId("totals-RON")).getByText("4.000,00")).toBeInTheDocument();
    expect(rowRenders).toBeGreaterThanOrEqual(400);

    await userEvent.click(screen.getByRole("tab", { name: "Date factură" }));
    const before = rowRenders;
    await userEvent.type(screen.getByRole("textbox", { name: "Mențiuni" }), "abc");
    expect(rowRenders - before).toBe(0);
  });
});
