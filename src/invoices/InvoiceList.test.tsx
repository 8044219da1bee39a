/**
 * The imported invoices list against the real server: heading, the provider's note, the empty
 * state, then a row with what a clerk reads first (number, client, dates, total, payment, state),
 * the form's other fields hidden until chosen in 'Coloane'.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Customer, CustomerImportResult, InvoiceImportResult, Page } from "../../contract/api";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceList } from "./InvoiceList";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

/** The customers of the import's fixture; answers one of them. */
async function addClient(): Promise<Customer> {
  const customers = new FormData();
  const file = readFileSync(join(import.meta.dirname, "../../test/fixtures/customers/ro-title.xlsx"));
  customers.append("file", new File([new Uint8Array(file)], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
  return (await httpClient<Page<Customer>>("/api/smartbill/customer/all?page=0&size=1&codClient=C002")).json.content[0];
}

describe("the imported invoices list", () => {
  it("says there are no invoices, then lists one by number, client, dates, total and state, its other fields on request", async () => {
    await signInLive("facturare@demo.ro");
    const { unmount } = renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    expect(await screen.findByRole("heading", { name: "Facturi importate prin SmartBill" })).toBeInTheDocument();
    expect(screen.getByText(/nu permite descărcarea facturilor/)).toBeInTheDocument();
    expect(await screen.findByText("Nu sunt facturi disponibile.", {}, { timeout: 5000 })).toBeInTheDocument();
    unmount();

    const client = await addClient();
    const form = new FormData();
    form.append("payload", JSON.stringify({ clientId: client.id, issueDate: "2026-11-26", dueDays: 14, mentions: "Comanda 12", useStock: false, draft: true }));
    // 3 × 4.299,90 = 12.899,70 + TVA 21 % 2.708,94
    const workbook = await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"], ["Laptop", "L1", 3, 4299.9, 21]]);
    form.append("file", new File([new Uint8Array(workbook)], "linii.xlsx"));
    const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
    expect(json.error).toBe(false);

    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    const number = await screen.findByRole("cell", { name: `#${json.importRequestId}` }, { timeout: 5000 });
    const row = number.closest("tr")!;
    // The first column selects rows for the bulk action ('Trimite reamintire').
    const headers = within(screen.getAllByRole("row")[0]).getAllByRole("columnheader").map((cell) => cell.textContent).slice(1);
    expect(headers.slice(0, 7)).toEqual(["Număr", "Client", "Data emiterii", "Data scadenței", "Total", "Încasare", "Stare"]);
    const cells = within(row).getAllByRole("cell").map((cell) => cell.textContent).slice(1);
    expect(cells.slice(0, 7)).toEqual([`#${json.importRequestId}`, client.clientName, "26.11.2026", "10.12.2026", "15.608,64 RON", "—", "Solicitare (ciornă)"]);
    // The form's other fields wait in 'Coloane'.
    expect(within(row).queryByText("Comanda 12")).toBeNull();
    expect(headers).not.toContain("Descarcă stocul");
    await userEvent.click(screen.getByRole("button", { name: "Coloane" }));
    await userEvent.click(await screen.findByLabelText("Mențiuni"));
    expect(await within(row).findByText("Comanda 12")).toBeInTheDocument();
  });
});
