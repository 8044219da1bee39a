/**
 * The proformas' screens against the real server and its SmartBill emulator: the invoices' list
 * and editor speaking of proformas, without payments, storno or buyer check; the import under
 * the proformas; 'Transformă în factură' offered only where it applies, issuing the invoice and
 * naming it with a link; and the links between a proforma and the invoice it became.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, Invoice, InvoiceSendResult } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { InvoiceEdit } from "../invoices/InvoiceEdit";
import { formPayload, newInvoiceForm } from "../invoices/invoiceDefaults";
import { invoiceName } from "../invoices/invoiceText";
import { httpClient } from "../providers/httpClient";
import { ProformaCreate } from "./ProformaCreate";
import { ProformaEdit } from "./ProformaEdit";
import { ProformaImport } from "./ProformaImport";
import { ProformaList } from "./ProformaList";

const PROFORMAS = "/api/smartbill/proforma";
const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
let clientId: number;

const post = async <T,>(url: string, body?: unknown) =>
  (await httpClient<T>(url, { method: "POST", ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json;

/** A proforma typed on the server (the create route), with one line; not sent. */
async function newProforma(): Promise<Invoice> {
  const proforma = await post<Invoice>(PROFORMAS, { ...formPayload(newInvoiceForm()), clientId, seriesName: "SBL-PF", useStock: false });
  await post(`${PROFORMAS}/${proforma.id}/line`, {
    invoiceId: proforma.id,
    name: "Serviciu consultanță",
    code: "SRV1",
    quantity: 2,
    price: 50,
    measuringUnitName: "buc",
    currency: "RON",
    taxName: "Normala",
    taxPercentage: 21,
    saveToDb: false,
    service: true,
    warehouseName: "",
  });
  return proforma;
}

async function sentProforma(): Promise<Invoice> {
  const { id } = await newProforma();
  const { invoice } = await post<InvoiceSendResult>(`${PROFORMAS}/send/${id}`);
  expect(invoice?.sentNumber).toMatch(/^\d+$/);
  return invoice!;
}

const openProforma = (id: number) => renderWithAdmin(<ProformaEdit />, { path: `/proformas/${id}`, route: "/proformas/:id" });
const lifeActions = () => screen.findByRole("group", { name: "Proforma în SmartBill" }, { timeout: 10_000 });

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

describe("the proformas list", () => {
  it("lists the proformas alone under their own words, with the invoice each became where an invoice shows its payment", async () => {
    const proforma = await newProforma();
    // An invoice of the same tenant stays on the invoices' list.
    const invoice = await post<Invoice>("/api/smartbill/invoice", { ...formPayload(newInvoiceForm()), clientId, useStock: false });
    renderWithAdmin(<ProformaList />, { path: "/proformas" });
    expect(await screen.findByRole("heading", { name: "Facturi proforma prin SmartBill" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Proformă nouă" }, { timeout: 10_000 })).toHaveAttribute("href", "/proformas/create");
    const number = await screen.findByRole("cell", { name: `#${proforma.id}` }, { timeout: 10_000 });
    const headers = within(screen.getAllByRole("row")[0]).getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers.slice(0, 7)).toEqual(["Număr", "Client", "Data emiterii", "Data scadenței", "Total", "Factură", "Stare"]);
    expect(within(number.closest("tr")!).getAllByRole("cell")[5]).toHaveTextContent("—");
    expect(screen.queryByRole("cell", { name: `#${invoice.id}` })).toBeNull();
  }, 60_000);
});

describe("a proforma's screen", () => {
  it("is the invoices' editor in proforma words, sent with 'Trimite proforma' and no buyer check", async () => {
    const proforma = await newProforma();
    openProforma(proforma.id);
    expect(await screen.findByText(`Proformă #${proforma.id} — de trimis în SmartBill`, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Date proformă" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Transformă în factură" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Trimite proforma" }));
    expect(await screen.findByText(/^Succes/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole("group", { name: "Proforma în SmartBill" })).toBeInTheDocument();
    const sent = (await httpClient<Invoice>(`${PROFORMAS}/${proforma.id}`)).json;
    expect(sent.status).toBe("sent");
    expect(sent.documentType).toBe("proforma");
  }, 60_000);

  it("offers a sent proforma's life without payments or storno, and 'Transformă în factură'", async () => {
    const proforma = await sentProforma();
    openProforma(proforma.id);
    const group = await lifeActions();
    for (const name of ["Descarcă PDF", "Trimite pe e-mail", "Anulează", "Șterge din SmartBill", "Transformă în factură"]) {
      expect(within(group).getByRole("button", { name })).toBeEnabled();
    }
    expect(within(group).getByRole("button", { name: "Restaurează" })).toBeDisabled();
    expect(screen.getByTestId("unavailable-reasons")).toHaveTextContent("Restaurează: Doar o proformă anulată se poate restaura.");
    for (const name of ["Înregistrează încasare", "Stornează", "Actualizează", "Emite factura"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByText("Încasări")).toBeNull();
    expect(screen.queryByText(/Neîncasată|Neverificată/)).toBeNull();
    expect(await screen.findByRole("list", { name: "Istoric" })).toBeInTheDocument();
  }, 60_000);

  it("does not offer 'Transformă în factură' on a cancelled proforma", async () => {
    const proforma = await sentProforma();
    await post(`${PROFORMAS}/${proforma.id}/cancel`);
    openProforma(proforma.id);
    const group = await lifeActions();
    expect(within(group).getByRole("button", { name: "Restaurează" })).toBeEnabled();
    expect(within(group).queryByRole("button", { name: "Transformă în factură" })).toBeNull();
  }, 60_000);
});

describe("'Transformă în factură'", () => {
  it("issues the invoice in the chosen series, names it with a link, and links proforma and invoice both ways", async () => {
    const proforma = await sentProforma();
    openProforma(proforma.id);
    await userEvent.click(within(await lifeActions()).getByRole("button", { name: "Transformă în factură" }));
    const dialog = await screen.findByRole("dialog", { name: `Transformați proforma ${invoiceName(proforma)} în factură?` });
    // The tenant's usual series first; SmartBill's invoice series to choose from.
    const series = await within(dialog).findByRole("combobox", { name: "Seria facturii" }, { timeout: 10_000 });
    expect(series).toHaveTextContent("Seria obișnuită a firmei");
    await userEvent.click(series);
    await userEvent.click(await screen.findByRole("option", { name: "SBL" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Transformă în factură" }));

    const link = await screen.findByRole("link", { name: /^Deschide factura SBL \d+$/ }, { timeout: 15_000 });
    const after = (await httpClient<Invoice>(`${PROFORMAS}/${proforma.id}`)).json;
    expect(after.invoiceId).not.toBeNull();
    expect(link).toHaveAttribute("href", `/invoices/${after.invoiceId}`);
    const invoice = (await httpClient<Invoice>(`/api/smartbill/invoice/${after.invoiceId}`)).json;
    expect(invoice.proformaId).toBe(proforma.id);
    expect(invoice.sentSeries).toBe("SBL");
    expect(screen.getByText(`Factura ${invoiceName(invoice)} a fost emisă din proforma ${invoiceName(proforma)}.`, { exact: false })).toBeInTheDocument();

    // The proforma now says what it became, and is not offered again.
    const invoiced = await screen.findByRole("link", { name: `Facturată: ${invoiceName(invoice)}` }, { timeout: 10_000 });
    expect(invoiced).toHaveAttribute("href", `/invoices/${invoice.id}`);
    expect(screen.queryByRole("button", { name: "Transformă în factură" })).toBeNull();

    // The invoice links back to its proforma.
    renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${invoice.id}`, route: "/invoices/:id" });
    const back = await screen.findByRole("link", { name: `Din proforma ${invoiceName(proforma)}` }, { timeout: 10_000 });
    expect(back).toHaveAttribute("href", `/proformas/${proforma.id}`);
  }, 60_000);

  it("shows the server's refusal when the proforma was cancelled meanwhile", async () => {
    const proforma = await sentProforma();
    openProforma(proforma.id);
    await userEvent.click(within(await lifeActions()).getByRole("button", { name: "Transformă în factură" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("combobox", { name: "Seria facturii" }, { timeout: 10_000 });
    // Another tab cancels it while the confirmation is open.
    await post(`${PROFORMAS}/${proforma.id}/cancel`);
    const refused = await httpClient(`${PROFORMAS}/${proforma.id}/invoice`, { method: "POST", body: "{}" }).catch((failure: { body?: { message?: string } }) => failure);
    const message = (refused as { body?: { message?: string } }).body?.message;
    expect(message).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Transformă în factură" }));
    expect(await screen.findByText(message!, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await httpClient<Invoice>(`${PROFORMAS}/${proforma.id}`)).json.invoiceId).toBeNull();
  }, 60_000);
});

describe("'Proformă nouă'", () => {
  it("makes a proforma in SmartBill's proforma series and opens its editor", async () => {
    const { router } = renderWithAdmin(<ProformaCreate />, { path: "/proformas/create" });
    expect(await screen.findByText("Proformă nouă", { selector: "h1, h2, h3, h4, h5, h6, span" }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Serie" })).toHaveValue("SBL-PF"), { timeout: 10_000 });
    await userEvent.click(screen.getByRole("checkbox", { name: "Descarcă stocul" }));
    await userEvent.type(screen.getByRole("combobox", { name: "Client" }), "alfa");
    await userEvent.click(await screen.findByRole("option", { name: /Alfa Construct SA/ }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole("button", { name: "Creează și adaugă produsele" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/proformas\/\d+$/), { timeout: 10_000 });
    const id = Number(router.state.location.pathname.split("/").pop());
    const created = (await httpClient<Invoice>(`${PROFORMAS}/${id}`)).json;
    expect(created.documentType).toBe("proforma");
    expect(created.seriesName).toBe("SBL-PF");
  }, 60_000);
});

describe("the proforma import", () => {
  it("imports a proforma from an Excel file under the proformas and opens it", async () => {
    const { router } = renderWithAdmin(<ProformaImport />, { path: "/proformas/import" });
    expect(screen.getByText("SmartBill - Import Proformă")).toBeInTheDocument();
    // SmartBill's proforma series, not the invoices'.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Serie" })).toHaveValue("SBL-PF"), { timeout: 10_000 });
    await userEvent.click(screen.getByRole("checkbox", { name: "Descarcă stocul" }));
    await userEvent.type(screen.getByRole("combobox", { name: "Client" }), "alfa");
    await userEvent.click(await screen.findByRole("option", { name: /Alfa Construct SA/ }, { timeout: 5000 }));
    await userEvent.upload(screen.getByTestId("invoice-file"), new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
    await userEvent.click(screen.getByRole("button", { name: "Încarcă fișierul" }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/proformas\/\d+$/), { timeout: 10_000 });
    const id = Number(router.state.location.pathname.split("/").pop());
    const imported = (await httpClient<Invoice>(`${PROFORMAS}/${id}`)).json;
    expect(imported.documentType).toBe("proforma");
    expect(imported.seriesName).toBe("SBL-PF");
  }, 60_000);
});
