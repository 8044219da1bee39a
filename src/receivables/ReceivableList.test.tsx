/**
 * 'Scadențe' against the live server: the unpaid invoices by invoice (oldest due date first, with
 * days overdue and the age as a chip), then by customer (who owes most first), and the overdue
 * filter a link sets, shown as a removable field.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { addDays, firstOfLastMonth, makeMoneyInView, type MoneyInView } from "../../test/helpers/liveReceivables";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { formatDay } from "../invoices/invoiceText";
import { ReceivableList } from "./ReceivableList";

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

/** The list's rows as text, cell by cell, without the selection checkbox's column. */
const rowTexts = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .filter((cell) => !cell.querySelector("input[type=checkbox]"))
        .map((cell) => cell.textContent),
    );
/** The header row's names, without the selection checkbox's column. */
const headerTexts = () =>
  within(screen.getAllByRole("row")[0])
    .getAllByRole("columnheader")
    .filter((cell) => !cell.querySelector("input[type=checkbox]"))
    .map((cell) => cell.textContent);

const filterLink = (filter: object) => `/receivables?filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe("'Scadențe'", () => {
  it("lists the unpaid invoices oldest due date first, then what each customer owes", async () => {
    renderWithAdmin(<ReceivableList />, { path: "/receivables" });
    expect(await screen.findByRole("heading", { level: 1, name: "Scadențe" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
    expect(headerTexts()).toEqual(["Factura", "Client", "Data emiterii", "Scadența", "Total", "Încasat", "Rest de încasat", "Zile întârziere", "Ultima reamintire"]);
    const rows = rowTexts();
    const overdueDue = addDays(addDays(company.today, -75), 30);
    // Days overdue and, beside them, the age bucket's chip.
    expect(rows.map((row) => [row[1], row[3], row[6], row[7]])).toEqual([
      ["Beta Distribuție SRL", formatDay(overdueDue), "242,00 RON", "45 31–60 de zile"],
      ["Alfa Consult SRL", formatDay(addDays(company.today, 30)), "121,00 RON", "0 Nescadentă"],
      ["Alfa Consult SRL", formatDay(addDays(firstOfLastMonth(company.today), 365)), "605,00 RON", "0 Nescadentă"],
    ]);
    // Each invoice can be selected for the actions on the selection.
    expect(screen.getAllByRole("checkbox").length).toBeGreaterThan(1);

    await userEvent.click(screen.getByRole("button", { name: "Pe clienți" }));
    await waitFor(() => expect(headerTexts()).toEqual(["Client", "Facturi", "Rest de încasat", "Restant", "Cea mai veche scadență", "Întârziere maximă (zile)"]));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
    expect(rowTexts()).toEqual([
      ["Alfa Consult SRL", "2", "726,00 RON", "0,00 RON", formatDay(addDays(company.today, 30)), "0"],
      ["Beta Distribuție SRL", "1", "242,00 RON", "242,00 RON", formatDay(overdueDue), "45"],
    ]);
  });

  it("opens with the overdue filter a link sets, shown as a field that can be removed", async () => {
    renderWithAdmin(<ReceivableList />, { path: filterLink({ currency: "RON", overdue: true }) });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(rowTexts()[0][1]).toBe("Beta Distribuție SRL");
    expect(screen.getByRole("switch", { name: "Doar scadențe depășite" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Monedă" })).toHaveTextContent("RON");
    await userEvent.click(screen.getByRole("switch", { name: "Doar scadențe depășite" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(4));
  });

  it("offers the reminders: the template on the toolbar, and 'Trimite reamintire' for the selected invoices, previewed first", async () => {
    renderWithAdmin(<ReceivableList />, { path: filterLink({ currency: "RON", overdue: true }) });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("button", { name: "Șablon reamintire" })).toBeInTheDocument();
    await userEvent.click(within(screen.getAllByRole("row")[1]).getByRole("checkbox"));
    await userEvent.click(await screen.findByRole("button", { name: "Trimite reamintire" }));
    const dialog = await screen.findByRole("dialog", { name: "Trimite reamintire de plată" });
    const [entry] = await within(dialog).findAllByTestId("reminder-preview");
    expect(entry).toHaveTextContent("Beta Distribuție SRL");
    expect(entry.dataset.refused).toBe("false");
  });
});
