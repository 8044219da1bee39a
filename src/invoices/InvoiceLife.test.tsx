/**
 * A sent invoice's life against the real server and its SmartBill emulator: the actions on its
 * screen, enabled only where they apply (and why not), the history as a timeline, the list's
 * payment status column and row menu, and the dialogs ('Trimite pe e-mail', 'Înregistrează
 * încasare', the confirmations) with their checks and the server's answers.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, Invoice, InvoiceImportResult, InvoiceSendResult } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceList } from "./InvoiceList";
import { invoiceName, today } from "./invoiceText";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;
let clientId: number;
let clientEmail: string;

async function importInvoice({ draft = false } = {}): Promise<number> {
  const form = new FormData();
  // A final invoice (SmartBill numbers it) that leaves the stock alone.
  form.append("payload", JSON.stringify({ clientId, draft, useStock: false }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

async function sentInvoice(): Promise<Invoice> {
  const id = await importInvoice();
  const { json } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${id}`, { method: "POST" });
  expect(json.invoice?.sentNumber).toMatch(/^\d+$/);
  return json.invoice!;
}

const openScreen = (id: number) => renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id" });
const actions = () => screen.findByRole("group", { name: "Factura în SmartBill" });

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  expect(json.error).toBe(false);
  const { json: page } = await httpClient<{ content: { id: number; email: string | null }[] }>(
    "/api/smartbill/customer/all?page=0&size=1&codClient=C002",
  );
  clientId = page.content[0].id;
  clientEmail = page.content[0].email ?? "";
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

describe("a sent invoice's screen", () => {
  it("offers the actions that apply, says why 'Restaurează' does not, and shows the send in 'Istoric'", async () => {
    const invoice = await sentInvoice();
    openScreen(invoice.id);
    const group = await actions();
    for (const name of ["Descarcă PDF", "Trimite pe e-mail", "Înregistrează încasare", "Anulează", "Stornează", "Șterge din SmartBill"]) {
      expect(within(group).getByRole("button", { name })).toBeEnabled();
    }
    expect(within(group).getByRole("button", { name: "Restaurează" })).toBeDisabled();
    expect(within(group).getByLabelText("Doar o factură anulată se poate restaura.")).toBeInTheDocument();
    expect(screen.getByTestId("unavailable-reasons")).toHaveTextContent("Restaurează: Doar o factură anulată se poate restaura.");
    expect(screen.getByRole("button", { name: "Actualizează" })).toBeEnabled();

    const history = await screen.findByRole("list", { name: "Istoric" });
    const entry = await within(history).findByTestId("history-event");
    expect(entry).toHaveTextContent("Trimitere în SmartBill — Reușită");
    expect(entry).toHaveTextContent("facturare@demo.ro");
  });

  it("offers 'Emite factura' for a SmartBill draft, says on the screen why the rest waits, and issues it once, saying the draft stays in SmartBill", async () => {
    const id = await importInvoice({ draft: true });
    const { json } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${id}`, { method: "POST" });
    expect(json.invoice?.sentNumber).toBe("");
    openScreen(id);
    const group = await actions();
    expect(within(group).getByRole("button", { name: "Descarcă PDF" })).toBeDisabled();
    expect(within(group).getAllByLabelText(/Factura este o ciornă în SmartBill, fără număr/)).toHaveLength(7);
    // Not only in tooltips: the reason is written beneath the buttons.
    expect(screen.getByTestId("unavailable-reasons")).toHaveTextContent(
      "Factura este o ciornă în SmartBill, fără număr și nefiscală: PDF-ul, e-mailul, încasarea și stornarea cer o factură emisă. Apăsați „Emite factura”.",
    );
    const enabled = within(group).getAllByRole("button").filter((button) => !(button as HTMLButtonElement).disabled);
    expect(enabled.map((button) => button.textContent)).toEqual(["Emite factura"]);

    await userEvent.click(enabled[0]);
    const confirm = await screen.findByRole("dialog", { name: `Emiteți factura #${id}?` });
    expect(confirm).toHaveTextContent("Factura ciornă trimisă anterior rămâne în SmartBill, nefiscală: ștergeți-o din contul SmartBill.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Emite factura" }));
    expect(
      await screen.findByText(/Număr: \d+ - Serie: SBL Factura ciornă trimisă anterior rămâne în SmartBill, nefiscală: ștergeți-o din contul SmartBill\.$/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Issued: numbered, its actions open, and no second 'Emite factura'.
    await waitFor(() => expect(within(group).getByRole("button", { name: "Descarcă PDF" })).toBeEnabled(), { timeout: 10_000 });
    expect(within(group).queryByRole("button", { name: "Emite factura" })).toBeNull();
    const history = await screen.findByRole("list", { name: "Istoric" });
    await waitFor(() => expect(within(history).getAllByTestId("history-event").at(-1)).toHaveTextContent("Emitere din ciornă SmartBill — Reușită"));
    const { json: again } = await httpClient<{ sentNumber: string }>(`/api/smartbill/invoice/${id}`);
    expect(again.sentNumber).toMatch(/^\d+$/);
  });

  it("leaves nothing but its history once the invoice is deleted from SmartBill", async () => {
    const invoice = await sentInvoice(); // the last of its series: SmartBill deletes it
    openScreen(invoice.id);
    await userEvent.click(within(await actions()).getByRole("button", { name: "Șterge din SmartBill" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Șterge din SmartBill" }));
    expect(await screen.findByText("Factura a fost ștearsă din SmartBill: aici rămâne doar istoricul ei.", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Factura în SmartBill" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Actualizează" })).toBeNull();
    const history = screen.getByRole("list", { name: "Istoric" });
    expect(within(history).getAllByTestId("history-event").at(-1)).toHaveTextContent("Ștergere din SmartBill — Reușită");
  });

  it("shows a request not sent with no actions, only its history", async () => {
    const id = await importInvoice();
    openScreen(id);
    expect(await screen.findByText("Nicio acțiune încă.")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Factura în SmartBill" })).toBeNull();
  });

  it("is not shown to an admin", async () => {
    const invoice = await sentInvoice();
    await signInLive("admin@demo.ro");
    openScreen(invoice.id);
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Descarcă PDF" })).toBeNull();
  });
});

describe("the imported invoices list", () => {
  it("shows '—' for a request and the payment status of a sent invoice, with its actions in a menu", async () => {
    const request = await importInvoice();
    const invoice = await sentInvoice();
    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    // A row is found by its number: SmartBill's series and number once sent, else '#id'.
    const rowOf = async (number: string) => (await screen.findByRole("cell", { name: number }, { timeout: 5000 })).closest("tr")!;
    expect(within(await rowOf(`#${request}`)).getByText("—")).toBeInTheDocument();
    // A request not sent has no life in SmartBill: its menu holds only 'Duplică' (InvoiceCreate.test.tsx).
    await userEvent.click(within(await rowOf(`#${request}`)).getByRole("button", { name: `Acțiuni pentru factura #${request}` }));
    const requestMenu = await screen.findByRole("menu", { name: `Acțiuni pentru factura #${request}` });
    expect(within(requestMenu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Duplică"]);
    await userEvent.keyboard("{Escape}");

    const row = await rowOf(invoiceName(invoice));
    expect(within(row).getByTestId("payment-status")).toHaveTextContent(invoice.payment ? "Neîncasată" : "Neverificată");
    await userEvent.click(within(row).getByRole("button", { name: `Acțiuni pentru factura #${invoice.id}` }));
    const menu = await screen.findByRole("menu", { name: `Acțiuni pentru factura #${invoice.id}` });
    expect(within(menu).getByRole("menuitem", { name: /Stornează/ })).not.toHaveAttribute("aria-disabled");
    expect(within(menu).getByRole("menuitem", { name: /Restaurează/ })).toHaveAttribute("aria-disabled", "true");
    expect(within(menu).getByRole("menuitem", { name: /Restaurează/ })).toHaveTextContent("Doar o factură anulată se poate restaura.");
  });

  it("links an invoice and its storno both ways, the storno marked 'Storno'", async () => {
    const invoice = await sentInvoice();
    const { json } = await httpClient<{ storno: Invoice }>(`/api/smartbill/invoice/${invoice.id}/reverse`, {
      method: "POST",
      body: JSON.stringify({ requestId: crypto.randomUUID() }),
    });
    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    const original = (await screen.findByRole("link", { name: `Stornată prin #${json.storno.id}` }, { timeout: 5000 })).closest("tr")!;
    expect(within(original).getByRole("cell", { name: invoiceName(invoice) })).toBeInTheDocument();
    const storno = screen.getByRole("link", { name: `Storno pentru #${invoice.id}` }).closest("tr")!;
    expect(within(storno).getByTestId("payment-status")).toHaveTextContent("Storno");
    expect(within(storno).getByRole("cell", { name: invoiceName(json.storno) })).toBeInTheDocument();
  });
});

describe("the after-send dialogs and confirmations", () => {
  it("'Trimite pe e-mail' comes prefilled, refuses a wrong address, then sends and says the server's message", async () => {
    const invoice = await sentInvoice();
    openScreen(invoice.id);
    await userEvent.click(within(await actions()).getByRole("button", { name: "Trimite pe e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: /Trimite pe e-mail factura/ });
    const to = await within(dialog).findByRole("textbox", { name: "Către" });
    expect(to).toHaveValue(clientEmail); // the customer's address
    expect((within(dialog).getByRole("textbox", { name: "Subiect" }) as HTMLInputElement).value).not.toBe("");
    expect((within(dialog).getByRole("textbox", { name: "Mesaj" }) as HTMLTextAreaElement).value).toContain("#");

    await userEvent.clear(to);
    await userEvent.type(to, "client.firma.ro");
    await userEvent.click(within(dialog).getByRole("button", { name: "Trimite" }));
    expect(await within(dialog).findByText(/„client.firma.ro” nu este o adresă de e-mail validă/)).toBeInTheDocument();

    await userEvent.clear(to);
    await userEvent.type(to, "client@firma.ro");
    await userEvent.click(within(dialog).getByRole("button", { name: "Trimite" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText(/a fost trimisă pe e-mail către client@firma\.ro\./)).toBeInTheDocument();
    const { json: outbox } = await httpClient<{ mails: { to: string }[] }>("/smartbill-emulator/__emulator/outbox");
    expect(outbox.mails.some((mail) => JSON.stringify(mail).includes("client@firma.ro"))).toBe(true);
  });

  it("'Înregistrează încasare' defaults to the unpaid amount and today, refuses a wrong amount, then records the payment once", async () => {
    const invoice = await sentInvoice();
    openScreen(invoice.id);
    expect(await screen.findByTestId("payment-status")).toHaveTextContent("Neverificată");
    await userEvent.click(within(await actions()).getByRole("button", { name: "Înregistrează încasare" }));
    const dialog = await screen.findByRole("dialog", { name: /Înregistrează încasare pentru factura/ });
    const amount = within(dialog).getByRole("textbox", { name: "Sumă" }) as HTMLInputElement;
    // Never read before: the dialog asks SmartBill what is unpaid, and proposes it.
    // …as the screens write amounts (9.277,25), which the dialog reads back.
    await waitFor(() => expect(amount.value).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/));
    expect(await within(dialog).findByText(/De încasat, după SmartBill: [\d.]+,\d{2} RON\./)).toBeInTheDocument();
    const total = Number(amount.value.replaceAll(".", "").replace(",", "."));
    // Today, or the invoice's own day when that is later (late evening in UTC is already tomorrow in Romania).
    expect(within(dialog).getByLabelText(/Data încasării/)).toHaveValue(today() < invoice.issueDate ? invoice.issueDate : today());
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Tip încasare" })).not.toHaveTextContent(/^\s*$/));

    await userEvent.clear(amount);
    await userEvent.type(amount, "-5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Înregistrează" }));
    expect(await within(dialog).findByText("Introduceți o sumă mai mare decât zero, cu cel mult două zecimale.")).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, "10,5");
    const submit = within(dialog).getByRole("button", { name: "Înregistrează" });
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId("payment-status")).toHaveTextContent("Încasată parțial"));
    expect(await screen.findAllByTestId("invoice-payment")).toHaveLength(1);
    expect(screen.getByTestId("payment-amounts")).toHaveTextContent(/încasat 10,50/);
    expect(total).toBeGreaterThan(10.5);
  });

  it("'Anulează' says what happens before it cancels; then only 'Restaurează' (and reading) applies", async () => {
    const invoice = await sentInvoice();
    openScreen(invoice.id);
    await userEvent.click(within(await actions()).getByRole("button", { name: "Anulează" }));
    const confirm = await screen.findByRole("dialog", { name: /Anulați factura/ });
    expect(confirm).toHaveTextContent(/stocul descărcat de ea se pune înapoi/);
    await userEvent.click(within(confirm).getByRole("button", { name: "Anulează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    const group = await actions();
    await waitFor(() => expect(within(group).getByRole("button", { name: "Restaurează" })).toBeEnabled());
    expect(within(group).getByRole("button", { name: "Stornează" })).toBeDisabled();
    expect(within(group).getByRole("button", { name: "Înregistrează încasare" })).toBeDisabled();
    expect(screen.getByText("Factura este anulată în SmartBill.")).toBeInTheDocument();
    const history = screen.getByRole("list", { name: "Istoric" });
    await waitFor(() => expect(within(history).getAllByTestId("history-event").at(-1)).toHaveTextContent("Anulare — Reușită"));
  });

  it("shows SmartBill's refusal as it is, and in 'Istoric' as refused: deleting an invoice that is not its series' last", async () => {
    const first = await sentInvoice();
    await sentInvoice(); // now the first is not the last of its series
    openScreen(first.id);
    await userEvent.click(within(await actions()).getByRole("button", { name: "Șterge din SmartBill" }));
    const confirm = await screen.findByRole("dialog", { name: /Ștergeți factura .* din SmartBill/ });
    expect(confirm).toHaveTextContent(/doar ultima factură din serie/);
    await userEvent.click(within(confirm).getByRole("button", { name: "Șterge din SmartBill" }));
    // SmartBill's own words; the confirmation closes (asking again would change nothing).
    expect(await screen.findByText(/nu este ultimul din serie/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const history = screen.getByRole("list", { name: "Istoric" });
    await waitFor(() => expect(within(history).getAllByTestId("history-event").at(-1)).toHaveAttribute("data-outcome", "refused"), {
      timeout: 10_000,
    });
    const refused = within(history).getAllByTestId("history-event").at(-1)!;
    expect(refused).toHaveTextContent("Ștergere din SmartBill — Refuzată de SmartBill");
    expect(refused).toHaveTextContent(/Răspuns SmartBill: .+/);
  });
});
