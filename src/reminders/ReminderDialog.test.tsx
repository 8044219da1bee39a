/**
 * 'Trimite reamintire' and 'Șablon reamintire' against the live server and its SmartBill
 * emulator (one server for the file): the preview per invoice with the refused one marked and
 * why, 'Trimite', the task's progress to its end and the mails in the emulator's outbox; the
 * template's wrong entries refused at their fields, a good one saved.
 */
import type { ComponentType } from "react";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Invoice, InvoiceImportResult, InvoiceSendResult, ReminderSettings } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { dataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { invoices } from "../invoices";
import { InvoiceList } from "../invoices/InvoiceList";
import { ReminderSettingsButton } from "./ReminderSettingsButton";
import { SendReminderButton } from "./SendReminderButton";
import { customerFields } from "../../test/helpers/customerFields";

configure({ asyncUtilTimeout: 10_000 });

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
const romaniaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(new Date());
let server: LiveServer;
let clientId: number;

/** An invoice imported for the customer on `issueDate` and sent to SmartBill; answers its id and name. */
async function sentInvoice(issueDate: string): Promise<{ id: number; name: string }> {
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId, draft: false, useStock: false, issueDate }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json: imported } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(imported.error).toBe(false);
  // The fixture has a line in euro: without it the invoice has one total in lei, so something is owed.
  const { json: invoice } = await httpClient<Invoice>(`/api/smartbill/invoice/${imported.importRequestId}`);
  for (const line of invoice.products ?? []) {
    if (line.currency !== invoice.currency) await httpClient(`/api/smartbill/invoice/line/${line.id}`, { method: "DELETE" });
  }
  const { json } = await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${imported.importRequestId}`, { method: "POST" });
  expect(json.invoice?.status).toBe("sent");
  return { id: json.invoice.id, name: `${json.invoice.sentSeries} ${json.invoice.sentNumber}` };
}

const outbox = async () =>
  (await httpClient<{ mails: { series: string; number: string; subject: string }[] }>("/smartbill-emulator/__emulator/outbox")).json.mails;

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const { data: customer } = await dataProvider.create("customers", {
    data: customerFields({ clientName: "Client Restanțier SRL", cif: "RO18547290", codClient: "CR-1", email: "plati@restantier.ro" }),
  });
  clientId = customer.id;
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

describe("'Trimite reamintire'", () => {
  it("previews each reminder, marks the invoice not yet due with why, sends the others as a task and shows its progress to the end", async () => {
    const first = await sentInvoice("2026-08-31");
    const second = await sentInvoice("2026-09-01");
    const notDue = await sentInvoice(romaniaToday());
    renderWithAdmin(<SendReminderButton invoiceIds={[first.id, notDue.id, second.id]} />);
    await userEvent.click(screen.getByRole("button", { name: "Trimite reamintire" }));

    const dialog = await screen.findByRole("dialog", { name: "Trimite reamintiri de plată" });
    const entries = await within(dialog).findAllByTestId("reminder-preview");
    expect(entries.map((entry) => entry.dataset.refused)).toEqual(["false", "true", "false"]);
    expect(entries[0]).toHaveTextContent(`Subiect: Reamintire de plată: factura ${first.name}`);
    expect(entries[0]).toHaveTextContent("Vă reamintim că factura");
    expect(entries[1]).toHaveTextContent(/Nu se trimite: Factura nu este încă scadentă \(scadența: \d{2}\.\d{2}\.\d{4}\)\./);
    expect(within(dialog).getByText("Se vor trimite 2 reamintiri.")).toBeInTheDocument();
    expect(await outbox()).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Trimite" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("2 reamintiri trimise.");
    expect(within(dialog).getByText("Trimise: 2 din 2")).toBeInTheDocument();
    expect((await outbox()).map((mail) => `${mail.series} ${mail.number}`)).toEqual([first.name, second.name]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Închide" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers no 'Trimite' when none of the invoices can get a reminder: the interval's refusal names the last one's date", async () => {
    const invoice = await sentInvoice("2026-08-30");
    await httpClient("/api/smartbill/reminders", { method: "POST", body: JSON.stringify({ invoiceIds: [invoice.id] }) });
    await waitFor(async () => expect((await outbox()).some((mail) => `${mail.series} ${mail.number}` === invoice.name)).toBe(true));
    renderWithAdmin(<SendReminderButton invoiceIds={[invoice.id]} />);
    await userEvent.click(screen.getByRole("button", { name: "Trimite reamintire" }));
    const dialog = await screen.findByRole("dialog", { name: "Trimite reamintire de plată" });
    const [entry] = await within(dialog).findAllByTestId("reminder-preview");
    expect(entry).toHaveTextContent(/Nu se trimite: S-a trimis deja o reamintire pe \d{2}\.\d{2}\.\d{4}; următoarea se poate trimite începând cu/);
    expect(within(dialog).getByText("Nicio factură selectată nu poate primi acum o reamintire.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Trimite" })).toBeDisabled();
  });
});

describe("where 'Trimite reamintire' is offered", () => {
  it("is a bulk action of 'Facturi importate': the selected invoices are previewed", async () => {
    const invoice = await sentInvoice("2026-08-29");
    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    const row = (await screen.findByRole("cell", { name: invoice.name })).closest("tr")!;
    // The template is at hand on the list's toolbar.
    expect(screen.getByRole("button", { name: "Șablon reamintire" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("checkbox"));
    await userEvent.click(await screen.findByRole("button", { name: "Trimite reamintire" }));
    const dialog = await screen.findByRole("dialog", { name: "Trimite reamintire de plată" });
    const [entry] = await within(dialog).findAllByTestId("reminder-preview");
    expect(entry).toHaveTextContent(invoice.name);
  });

  it("is among the actions of an overdue unpaid invoice's screen (the reminder then on its history), and not of one not yet due", async () => {
    // The invoices resource's screen as the app mounts it.
    const Screen = invoices.edit as ComponentType;
    const overdue = await sentInvoice("2026-08-28");
    const view = renderWithAdmin(<Screen />, { path: `/invoices/${overdue.id}`, route: "/invoices/:id" });
    const group = await screen.findByRole("group", { name: "Factura în SmartBill" }, { timeout: 10_000 });
    await userEvent.click(within(group).getByRole("button", { name: "Trimite reamintire" }));
    const dialog = await screen.findByRole("dialog", { name: "Trimite reamintire de plată" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Trimite" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("O reamintire trimisă.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Închide" }));
    // The reminder is on the invoice's history ('Istoric').
    const history = await screen.findByRole("list", { name: "Istoric" });
    await waitFor(() => expect(within(history).getAllByTestId("history-event").at(-1)).toHaveTextContent("Reamintire de plată trimisă pe e-mail — Reușită"));
    view.unmount();

    const notDue = await sentInvoice(romaniaToday());
    renderWithAdmin(<Screen />, { path: `/invoices/${notDue.id}`, route: "/invoices/:id" });
    const notDueGroup = await screen.findByRole("group", { name: "Factura în SmartBill" }, { timeout: 10_000 });
    expect(within(notDueGroup).queryByRole("button", { name: "Trimite reamintire" })).toBeNull();
  });
});

describe("'Șablon reamintire'", () => {
  const saved = async () => (await httpClient<ReminderSettings>("/api/smartbill/reminders/settings")).json;

  it("explains the fields, refuses an unknown one and a bad interval at their fields, and saves a good template", async () => {
    const before = await saved();
    renderWithAdmin(<ReminderSettingsButton />);
    await userEvent.click(screen.getByRole("button", { name: "Șablon reamintire" }));
    const dialog = await screen.findByRole("dialog", { name: "Șablonul reamintirilor de plată" });
    const subject = await within(dialog).findByRole("textbox", { name: "Subiect" });
    expect(subject).toHaveValue(before.subject);
    for (const name of ["{client}", "{numar}", "{scadenta}", "{rest}", "{zile}", "{firma}"]) expect(within(dialog).getByText(name)).toBeInTheDocument();

    await userEvent.clear(subject);
    await userEvent.type(subject, "Plata facturii {{numar} de {{suma}");
    const interval = within(dialog).getByRole("textbox", { name: "Interval minim între reamintiri (zile)" });
    await userEvent.clear(interval);
    await userEvent.type(interval, "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(await within(dialog).findByText("Câmp necunoscut: {suma}. Folosiți doar câmpurile din listă.")).toBeInTheDocument();
    expect(subject).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText("Introduceți un număr întreg de zile, între 1 și 365.")).toBeInTheDocument();
    expect(await saved()).toEqual(before);

    await userEvent.clear(subject);
    await userEvent.type(subject, "Factura {{numar} așteaptă plata");
    await userEvent.clear(interval);
    await userEvent.type(interval, "10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await saved()).toEqual({ ...before, subject: "Factura {numar} așteaptă plata", intervalDays: 10 });
  });
});
