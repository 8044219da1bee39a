/**
 * 'Înregistrează încasare' against the real server and its emulator, whose SmartBill calls time
 * out after 400 ms: a payment whose answer is lost twice (stored, then no answer, then no status)
 * leaves the dialog open, and trying again from it (the same request id) records it once;
 * a fresh request id would be told an earlier payment was made. Amounts are typed as Romanians
 * write them, and more than is left to pay is refused in the dialog.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, InvoiceImportResult, InvoiceSendResult } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;

/** The emulator's admin API (some answers have no body). */
async function emulator(method: string, path: string, body?: object) {
  const response = await fetch(`${server.url}/smartbill-emulator/__emulator${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

async function sentInvoiceId(): Promise<number> {
  const { json: page } = await httpClient<{ content: { id: number }[] }>("/api/smartbill/customer/all?page=0&size=1&codClient=C002");
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId: page.content[0].id, draft: false, useStock: false }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${json.importRequestId}`, { method: "POST" });
  return json.importRequestId!;
}

beforeAll(async () => {
  server = await startLiveServer({ SMARTBILL_TIMEOUT_MS: "400" });
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
}, 60_000);
afterAll(() => server.close(), 30_000);
// Each test signs in afresh (the test set-up clears the browser's storage after each one).
beforeEach(() => signInLive("facturare@demo.ro"));

describe("'Înregistrează încasare'", () => {
  it("keeps the dialog open after a lost answer, and its retry (the same request id) records the payment once", async () => {
    const id = await sentInvoiceId();
    renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id" });
    const actions = await screen.findByRole("group", { name: "Factura în SmartBill" });
    await userEvent.click(within(actions).getByRole("button", { name: "Înregistrează încasare" }));
    const dialog = await screen.findByRole("dialog", { name: /Înregistrează încasare pentru factura/ });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Tip încasare" })).toHaveTextContent("Ordin plata"));
    const amount = within(dialog).getByRole("textbox", { name: "Sumă" });
    await waitFor(() => expect(amount).not.toHaveValue("")); // what SmartBill says is unpaid
    await userEvent.clear(amount);
    await userEvent.type(amount, "30");

    // SmartBill stores the payment and its answer is lost; the status read after it gets none
    // either (not the one before it, which checks what is left to pay).
    await emulator("POST", "/faults", { fault: "hang-after-store", path: "/payment" });
    await emulator("POST", "/faults", { fault: "timeout", path: "/invoice/paymentstatus", after: "/payment" });
    const submit = within(dialog).getByRole("button", { name: "Înregistrează" });
    await userEvent.click(submit);
    expect(within(dialog).getByRole("button", { name: "Se înregistrează…" })).toBeDisabled(); // in flight
    expect(await screen.findByText(/Nu se știe dacă SmartBill a înregistrat încasarea/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: /Înregistrează încasare/ })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Înregistrează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText(/confirmat din starea plății/)).toBeInTheDocument();
    const { json: payments } = await httpClient<unknown[]>(`/api/smartbill/invoice/${id}/payments`);
    expect(payments).toHaveLength(1);
    const { json: state } = await httpClient<{ companies: { payments: unknown[] }[] }>("/smartbill-emulator/__emulator/state");
    expect(state.companies[0].payments).toHaveLength(1);
  });

  it("takes an amount written the Romanian way, and refuses more than is left to pay before SmartBill is asked", async () => {
    const id = await sentInvoiceId();
    renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id" });
    const actions = await screen.findByRole("group", { name: "Factura în SmartBill" });
    await userEvent.click(within(actions).getByRole("button", { name: "Înregistrează încasare" }));
    const dialog = await screen.findByRole("dialog", { name: /Înregistrează încasare pentru factura/ });
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Tip încasare" })).toHaveTextContent("Ordin plata"));
    const amount = within(dialog).getByRole("textbox", { name: "Sumă" });
    // Prefilled with what SmartBill says is unpaid, as the screens write amounts: thousands and a decimal comma.
    await waitFor(() => expect((amount as HTMLInputElement).value).toMatch(/^\d{1,3}(\.\d{3})+,\d{2}$/));
    await emulator("DELETE", "/requests");

    await userEvent.clear(amount);
    await userEvent.type(amount, "999.999,99");
    await userEvent.click(within(dialog).getByRole("button", { name: "Înregistrează" }));
    expect(within(dialog).getByText(/^Suma depășește restul de încasat, [\d.]+,\d{2} RON \(după SmartBill\)\.$/)).toBeInTheDocument();
    const { requests } = (await emulator("GET", "/requests")) as { requests: { method: string; path: string }[] };
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, "1.000,50");
    await userEvent.click(within(dialog).getByRole("button", { name: "Înregistrează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    const { json: payments } = await httpClient<{ amount: number }[]>(`/api/smartbill/invoice/${id}/payments`);
    expect(payments.map((payment) => payment.amount)).toEqual([1000.5]);
  }, 60_000); // a screen, two dialogs and SmartBill's answers on a busy machine
});
