/**
 * The edit screen against the real server and its SmartBill emulator: loading, auto-save to
 * 'Salvat', a save refused as stale (another tab saved first) with what differs, kept or reloaded,
 * the warning before leaving with unsaved changes, a 400-line invoice whose rows do not re-render
 * while a field is typed in, the sent invoice shown whole at once under a heading that names it,
 * and a refusal that turns into the last send's outcome once the invoice changes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DataProvider, I18nProvider } from "react-admin";
import type { CustomerImportResult, Invoice, InvoiceImportResult } from "../../contract/api";
import { formatAmount } from "./lineTotals";
import { i18nProvider } from "../../i18n/i18nProvider";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { dataProvider as liveDataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
let clientId: number;

async function importInvoice(workbook: Buffer, payload: object = {}): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId, ...payload }));
  form.append("file", new File([new Uint8Array(workbook)], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

const readInvoice = async (id: number) => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json;

function openEditor(id: number, i18n: I18nProvider = i18nProvider, dataProvider: DataProvider = liveDataProvider) {
  return renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id", i18n, dataProvider });
}

/** An i18n provider counting how often each key is translated: components translating their label count their renders. */
function countingTranslations() {
  const counts = new Map<string, number>();
  const i18n: I18nProvider = {
    ...i18nProvider,
    translate: (key, options) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return i18nProvider.translate(key, options);
    },
  };
  const total = () => [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { counts, i18n, total };
}

/** Waits until nothing renders for a moment: the screen's lists (customers, warehouses, series) have arrived. */
async function settled(total: () => number) {
  await waitFor(
    async () => {
      const before = total();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(total()).toBe(before);
    },
    { timeout: 10_000 },
  );
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
    expect(await screen.findByRole("heading", { name: `Factură #${id} — de trimis în SmartBill` })).toBeInTheDocument();
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

  it("shows what differs from another tab's save, and keeps the changes typed here over it, the other tab's other changes too", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    openEditor(id);
    const mentions = await screen.findByRole("textbox", { name: "Mențiuni" });
    const { products: _lines, ...other } = await readInvoice(id);
    await httpClient(`/api/smartbill/invoice/${id}`, {
      method: "PUT",
      body: JSON.stringify({ ...other, mentions: "Din alt tab", observations: "Livrare luni" }),
    });

    await userEvent.type(mentions, "De aici");
    const conflict = await screen.findByTestId("save-conflict", {}, { timeout: 5000 });
    expect(await within(conflict).findByText("Mențiuni: aici „De aici”, în cealaltă versiune „Din alt tab”")).toBeInTheDocument();
    expect(within(conflict).getByText("Se preiau din cealaltă versiune: Observații.")).toBeInTheDocument();
    await userEvent.click(within(conflict).getByRole("button", { name: "Păstrează modificările mele" }));

    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Salvat"), { timeout: 5000 });
    expect(screen.queryByTestId("save-conflict")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Observații" })).toHaveValue("Livrare luni");
    expect(await readInvoice(id)).toMatchObject({ mentions: "De aici", observations: "Livrare luni", version: other.version + 2 });
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

  it("shows the sent invoice whole at once, headed by its series and number, client and total", async () => {
    const workbook = await xlsxOf([
      ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"],
      ["Laptop", "L1", 3, 4299.9, 21],
      ["Cablu", "C1", 1.5, 10.01, 21],
    ]);
    const id = await importInvoice(workbook, { draft: false, useStock: false });
    const loaded = await readInvoice(id);
    expect(loaded.total).toBe(15_626.81); // 12.899,70 + 2.708,94 + 15,02 (15,015) + 3,15
    openEditor(id);
    await userEvent.click(await screen.findByRole("button", { name: "Trimite Factura" }));
    expect(await screen.findByText(/^Succes:/, {}, { timeout: 10_000 })).toBeInTheDocument();

    const sent = await readInvoice(id);
    const heading = `Factura ${sent.sentSeries} ${sent.sentNumber} · ${loaded.clientName} · ${formatAmount(loaded.total!, 2)} RON`;
    expect(screen.getByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
    // Client, lines and totals, read-only, with the after-send actions above them.
    expect(screen.getByRole("combobox", { name: "Client" })).toHaveValue(loaded.clientName);
    expect(screen.getByRole("combobox", { name: "Client" })).toBeDisabled();
    expect(screen.getAllByTestId("product-line")).toHaveLength(loaded.products!.length);
    expect(within(screen.getByTestId("totals-RON")).getByText(formatAmount(loaded.total!, 2))).toBeInTheDocument();
    expect(await screen.findByRole("group", { name: "Factura în SmartBill" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Trimite Factura" })).toBeNull();
  });

  it("shows SmartBill's refusal and its history entry at once, then as the last send's outcome once the invoice changes", async () => {
    // The emulator knows no currency 'XYZ': SmartBill refuses the invoice.
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"), { draft: false, useStock: false, currency: "XYZ" });
    openEditor(id);
    await userEvent.click(await screen.findByRole("button", { name: "Trimite Factura" }));
    expect(await screen.findByText(/^SmartBill a refuzat factura: Moneda nu a fost gasita pe server!/, {}, { timeout: 10_000 })).toBeInTheDocument();
    const entries = await screen.findAllByTestId("history-event", {}, { timeout: 5000 });
    expect(entries.at(-1)).toHaveAttribute("data-outcome", "refused");

    await userEvent.type(screen.getByRole("textbox", { name: "Mențiuni" }), "x");
    const refusal = screen.getByTestId("refusal");
    expect(refusal).toHaveAttribute("data-current", "false");
    expect(refusal).toHaveTextContent(/^Ultima trimitere \(.+\) a fost refuzată de SmartBill: Moneda nu a fost gasita pe server!.*trimiteți-o din nou\.$/);
    expect(screen.queryByText(/^SmartBill a refuzat factura/)).toBeNull();
  });

  it("says so when the invoice cannot be loaded", async () => {
    openEditor(987_654);
    expect(await screen.findByText("Eroare la preluarea solicitării.")).toBeInTheDocument();
  });

  it("does not re-render a 400-line invoice's rows while a field is typed in", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`Produs ${i + 1}`, `P${i + 1}`, 1, 10]);
    const id = await importInvoice(await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret"], ...rows]));
    // Each product row asks for its label once per render ('Linia n' in the grid; 'Editează' in the
    // table it replaces): count those renders. The grid renders only the rows on screen.
    let rowRenders = 0;
    const counting: I18nProvider = {
      ...i18nProvider,
      translate: (key, options) => {
        if (key === "resources.invoices.lines.row" || key === "resources.invoices.lines.editAction") rowRenders += 1;
        return i18nProvider.translate(key, options);
      },
    };
    openEditor(id, counting);
    await userEvent.click(await screen.findByRole("tab", { name: "Produse" }));
    await waitFor(() => expect(screen.getAllByTestId("product-line").length).toBeGreaterThan(0));
    expect(within(screen.getByTestId("totals-RON")).getByText("4.000,00")).toBeInTheDocument();
    expect(rowRenders).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole("tab", { name: "Date factură" }));
    const before = rowRenders;
    await userEvent.type(screen.getByRole("textbox", { name: "Mențiuni" }), "abc");
    expect(rowRenders - before).toBe(0);
  });

  it("re-renders no other field, nor the screen, while 'Mențiuni' is typed in", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    const { counts, i18n, total } = countingTranslations();
    openEditor(id, i18n);
    const mentions = await screen.findByRole("textbox", { name: "Mențiuni" });
    expect(await screen.findByRole("combobox", { name: "Serie" }, { timeout: 5000 })).toHaveValue("SBL");
    await settled(total);
    // The fields, the tabs and the screen's own words, each translated as its component renders.
    const others = [
      ...["client", "useStock", "saveToDb", "seriesName", "currency", "language"].map((field) => `resources.invoices.fields.${field}`),
      "resources.invoices.selectWarehouse",
      "resources.invoices.issueMode.label",
      "resources.invoices.tabs.data",
      "resources.invoices.send",
    ];
    for (const key of others) expect(counts.get(key), key).toBeGreaterThan(0);
    const before = new Map(counts);

    await userEvent.type(mentions, "Curier");
    expect(mentions).toHaveValue("Curier");
    expect(screen.getByTestId("save-state")).toHaveTextContent("Modificări nesalvate");
    const rendered = others.filter((key) => counts.get(key) !== before.get(key));
    expect(rendered).toEqual([]);
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Salvat"), { timeout: 5000 });
  });

  it("says a wrong number of days to pay at its field and does not save it, then saves the corrected one", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    const { dueDays: loadedDueDays } = await readInvoice(id);
    let updates = 0;
    const counting: DataProvider = {
      ...liveDataProvider,
      update: (resource, params) => {
        updates += 1;
        return liveDataProvider.update(resource, params);
      },
    };
    openEditor(id, i18nProvider, counting);
    const dueDays = await screen.findByRole("spinbutton", { name: "Zile până la scadență" });
    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, "0");
    expect(screen.getByText("Între 1 și 365 de zile.")).toBeInTheDocument();
    expect(dueDays).toHaveAttribute("aria-invalid", "true");
    await new Promise((resolve) => setTimeout(resolve, 2500)); // past the auto-save's second
    expect(updates).toBe(0);
    expect(screen.getByTestId("save-state")).toHaveTextContent("Modificări nesalvate");
    expect(screen.queryByText("Eroare la actualizarea solicitării.")).toBeNull();
    expect((await readInvoice(id)).dueDays).toBe(loadedDueDays);

    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, "14");
    expect(screen.queryByText("Între 1 și 365 de zile.")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Salvat"), { timeout: 5000 });
    expect((await readInvoice(id)).dueDays).toBe(14);
  });

  it("is not 'Salvat' while a line holds a cell that cannot be saved, and is once the line is fixed and stored", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    openEditor(id);
    const state = await screen.findByTestId("save-state");
    expect(state).toHaveTextContent("Salvat");
    await userEvent.click(screen.getByRole("tab", { name: "Produse" }));
    const firstLine = await screen.findByRole("row", { name: "Linia 1" });
    const quantity = () => firstLine.querySelector<HTMLElement>('[data-field="quantity"]')!;
    await userEvent.click(quantity());
    await userEvent.keyboard("{Control>}a{/Control}doi{Enter}");
    await waitFor(() => expect(firstLine).toHaveAttribute("data-state", "invalid"));
    expect(state).toHaveTextContent("Modificări nesalvate");

    await userEvent.click(quantity());
    await userEvent.keyboard("{Control>}a{/Control}3{Enter}");
    await waitFor(() => expect(firstLine).toHaveAttribute("data-state", "saved"));
    expect(state).toHaveTextContent("Salvat");
    expect((await readInvoice(id)).products?.[0].quantity).toBe(3);
  });

  it("asks before the screen is left inside the app with an edit that cannot be saved, and stays when told to", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    const { router } = openEditor(id);
    const dueDays = await screen.findByRole("spinbutton", { name: "Zile până la scadență" });
    await userEvent.clear(dueDays);
    await userEvent.type(dueDays, "0");
    const asked: string[] = [];
    const confirm = vi.spyOn(window, "confirm").mockImplementation((question) => {
      asked.push(String(question));
      return false; // the user stays
    });
    try {
      await router.navigate("/");
      await waitFor(() => expect(asked).toEqual(["Unele modificări nu au fost salvate. Sigur doriți să renunțați la ele?"]));
      expect(screen.getByRole("spinbutton", { name: "Zile până la scadență" })).toHaveValue(0);
    } finally {
      confirm.mockRestore();
    }
  });

  it("saves what was typed when the screen is left inside the app before the auto-save's second", async () => {
    const id = await importInvoice(fixture("invoices/ro-title.xlsx"));
    const { router } = openEditor(id);
    await userEvent.type(await screen.findByRole("textbox", { name: "Observații" }), "Livrare marți");
    await router.navigate("/");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Observații" })).toBeNull());
    await waitFor(async () => expect((await readInvoice(id)).observations).toBe("Livrare marți"), { timeout: 5000 });
  });
});
