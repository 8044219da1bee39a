/**
 * The invoice import screen against the real server and its SmartBill emulator: the client, and
 * the warehouse while the invoice takes its products from stock, asked for beside their fields
 * before anything is uploaded; the template and the list of the file's columns; SmartBill's
 * series, the currencies and the languages it takes offered as choices.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, Invoice } from "../../contract/api";
import { INVOICE_LINE_COLUMNS, INVOICE_LINE_HEADERS } from "../../contract/invoiceLineHeaders";
import { captureDownloads } from "../../test/helpers/downloads";
import { rowsOf } from "../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceImport } from "./InvoiceImport";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const openImport = () => renderWithAdmin(<InvoiceImport />, { path: "/invoices/import" });
const invoices = async () => (await httpClient<Invoice[]>("/api/smartbill/invoice")).json;

describe("the invoice import screen", () => {
  it("asks for the client, and the warehouse while it takes its products from stock, beside their fields before uploading anything", async () => {
    const { router } = openImport();
    const file = new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx");
    await userEvent.upload(screen.getByTestId("invoice-file"), file);
    await userEvent.click(screen.getByRole("button", { name: "Încarcă fișierul" }));

    expect(await screen.findByText("Alegeți clientul facturii.")).toBeInTheDocument();
    expect(screen.getByText("Alegeți depozitul din care se descarcă stocul, sau debifați „Descarcă stocul”.")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Completați câmpurile marcate.");
    expect(screen.getByRole("combobox", { name: "Client" })).toHaveAttribute("aria-invalid", "true");
    expect(await invoices()).toEqual([]); // nothing was uploaded

    await userEvent.click(screen.getByRole("checkbox", { name: "Descarcă stocul" }));
    expect(screen.queryByText(/Alegeți depozitul/)).toBeNull();
    await userEvent.type(screen.getByRole("combobox", { name: "Client" }), "alfa");
    await userEvent.click(await screen.findByRole("option", { name: /Alfa Construct SA/ }, { timeout: 5000 }));
    expect(screen.queryByText("Alegeți clientul facturii.")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Încarcă fișierul" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/invoices\/\d+$/), { timeout: 10_000 });
    expect(await invoices()).toHaveLength(1);
  }, 60_000);

  it("gives the template and lists the file's columns, the four required ones first", async () => {
    openImport();
    const columns = screen.getAllByTestId("line-column");
    expect(columns).toHaveLength(INVOICE_LINE_COLUMNS.length);
    expect(columns[0]).toHaveTextContent(/^Denumire produs \(obligatorie\): /);
    expect(columns[3]).toHaveTextContent(/^Preț \(obligatorie\): prețul unitar fără TVA/);
    expect(columns[4]).toHaveTextContent(/^UM \(opțională\): /);

    const downloads = captureDownloads();
    try {
      const file = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Descarcă modelul Excel" })));
      expect(file.filename).toBe("model-import-factura.xlsx");
      const [header] = await rowsOf(Buffer.from(await file.blob.arrayBuffer()));
      expect(header).toEqual(INVOICE_LINE_COLUMNS.map((column) => INVOICE_LINE_HEADERS[column]));
    } finally {
      downloads.restore();
    }
  });

  it("offers SmartBill's invoice series with their next numbers, and the currencies and languages SmartBill takes", async () => {
    openImport();
    const series = await screen.findByRole("combobox", { name: "Serie" }, { timeout: 5000 });
    expect(series).toHaveValue("SBL");
    await userEvent.click(series);
    expect(await screen.findByRole("option", { name: "SBL · următorul număr 1" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");

    await userEvent.click(screen.getByRole("combobox", { name: "Monedă" }));
    const currencies = within(await screen.findByRole("listbox")).getAllByRole("option").map((option) => option.textContent);
    expect(currencies.slice(0, 3)).toEqual(["RON", "EUR", "USD"]);
    await userEvent.click(screen.getByRole("option", { name: "EUR" }));
    expect(screen.getByRole("combobox", { name: "Monedă" })).toHaveTextContent("EUR");

    await userEvent.click(screen.getByRole("combobox", { name: "Limbă" }));
    const languages = within(await screen.findByRole("listbox")).getAllByRole("option").map((option) => option.textContent);
    expect(languages).toEqual(["Română", "Engleză", "Germană", "Franceză", "Italiană", "Spaniolă"]);
  });
});
