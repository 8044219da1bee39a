/**
 * The filters of 'Facturi importate' against the live server: the payment status (Încasată /
 * Parțial încasată / Neîncasată, from the amounts stored for each sent invoice), overdue alone,
 * and the issue period, currency and "issued" that the home's links set, shown as removable fields.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { makeMoneyInView, type MoneyInView } from "../../test/helpers/liveReceivables";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { InvoiceList } from "./InvoiceList";

// Lists read from the live server on a machine shared with other runs: a patient wait (it ends as soon as the rows are there).
configure({ asyncUtilTimeout: 15_000 });

let server: LiveServer;
let company: MoneyInView;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  company = await makeMoneyInView();
}, 90_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const listOf = (filter: object) => `/invoices?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Each row's client and total. */
const rows = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        // Not the selection's checkbox column ('Trimite reamintire' acts on the selected invoices).
        .filter((cell) => !cell.querySelector("input[type=checkbox]"))
        .map((cell) => cell.textContent),
    )
    .map((cells) => `${cells[1]} ${cells[4]}`);

describe("the invoice list's filters", () => {
  it("filters by payment status, chosen in its field", async () => {
    renderWithAdmin(<InvoiceList />, { path: listOf({ paymentStatus: "paid" }) });
    await waitFor(() => expect(rows()).toEqual(["Alfa Consult SRL 121,00 RON"]));
    const field = screen.getByRole("combobox", { name: "Încasare" });
    expect(field).toHaveTextContent("Încasată");
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole("option", { name: "Neîncasată" }));
    await waitFor(() => expect(rows().sort()).toEqual(["Alfa Consult SRL 121,00 RON", "Alfa Consult SRL 605,00 RON", "Beta Distribuție SRL 242,00 RON"]));
  });

  it("shows only the overdue invoices with 'Scadențe depășite'", async () => {
    renderWithAdmin(<InvoiceList />, { path: listOf({ overdue: true }) });
    await waitFor(() => expect(rows()).toEqual(["Beta Distribuție SRL 242,00 RON"]));
    expect(screen.getByRole("switch", { name: "Scadențe depășite" })).toBeChecked();
  });

  it("opens with the home's filters (issued, this month, RON) shown, each removable", async () => {
    const from = `${company.today.slice(0, 8)}01`;
    renderWithAdmin(<InvoiceList />, { path: listOf({ sent: true, issueDateFrom: from, issueDateTo: company.today, currency: "RON" }) });
    await waitFor(() => expect(rows()).toEqual(["Alfa Consult SRL 121,00 RON", "Alfa Consult SRL 121,00 RON"]));
    expect(screen.getByLabelText("Emisă de la")).toHaveValue(from);
    expect(screen.getByLabelText("Emisă până la")).toHaveValue(company.today);
    expect(screen.getByRole("combobox", { name: "Monedă" })).toHaveTextContent("RON");
    expect(screen.getByRole("switch", { name: "Doar facturi emise (fără anulate și șterse)" })).toBeChecked();
    // Removing the period brings last month's and the older invoice back.
    const removers = screen.getAllByRole("button", { name: "Elimină acest filtru" });
    expect(removers.length).toBeGreaterThanOrEqual(4);
    await userEvent.click(removers[0]);
    await userEvent.click(screen.getAllByRole("button", { name: "Elimină acest filtru" })[0]);
    await waitFor(() => expect(rows()).toHaveLength(4));
  });
});
