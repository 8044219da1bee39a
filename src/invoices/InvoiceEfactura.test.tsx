/**
 * e-Factura on the invoices' screens against the live server, with the SPV state written into its
 * database as the e-Factura sync leaves it (test/helpers/liveEfactura.ts): the list's 'e-Factura'
 * column (a status chip, the deadline flag, '—'), its 'e-Factura' filter, and the invoice screen's
 * section (the chip, ANAF's rejection text, the deadline with its date, the archive's downloads)
 * with the SPV event in 'Istoric'; and the home's 'Termen e-Factura' and 'Respinse în e-Factura'.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Customer } from "../../contract/api";
import { efacturaDeadline } from "../../contract/efactura";
import { customerFields } from "../../test/helpers/customerFields";
import { connectLiveEfactura, setLiveEfactura } from "../../test/helpers/liveEfactura";
import { addDays, romaniaToday, sendLiveInvoice } from "../../test/helpers/liveReceivables";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import Home from "../pages/Home";
import { dataProvider } from "../providers/dataProvider";
import { InvoiceEdit } from "./InvoiceEdit";
import { InvoiceList } from "./InvoiceList";

// Lists read from the live server on a machine shared with other runs: a patient wait.
configure({ asyncUtilTimeout: 15_000 });

const DEMO_TENANT = 2;
const REJECTION = "E: validari globale eroare: [BR-RO-100] Factura SBL0004: Daca Codul tarii cumparatorului (BT-55) este \"RO\", atunci Subdiviziunea tarii cumparatorului (BT-54) trebuie sa fie codificata";

let server: LiveServer;
const ids = { validated: 0, rejected: 0, flagged: 0, plain: 0 };
let flaggedIssueDate: string;

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  const { data } = await dataProvider.create("customers", {
    data: customerFields({ clientName: "Gama SPV SRL", cif: "RO18547290", codClient: "GAMA", email: "office@gama.ro" }),
  });
  const client = data as Customer;
  const today = romaniaToday();
  // Ten calendar days back: whatever the holidays, at most 2 working days of its 5 are left.
  flaggedIssueDate = addDays(today, -10);
  ids.validated = await sendLiveInvoice(client.id, today, 30, 1); // 121,00
  ids.rejected = await sendLiveInvoice(client.id, today, 30, 2); // 242,00
  ids.flagged = await sendLiveInvoice(client.id, flaggedIssueDate, 30, 3); // 363,00
  ids.plain = await sendLiveInvoice(client.id, today, 30, 4); // 484,00
  setLiveEfactura(server, ids.validated, { status: "validated", archived: true });
  setLiveEfactura(server, ids.rejected, { status: "rejected", error: REJECTION });
  connectLiveEfactura(server, DEMO_TENANT);
}, 120_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const listOf = (filter: object) => `/invoices?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Each row's total and its e-Factura cell, past the selection's checkbox column. */
const rows = () => {
  const [header, ...body] = screen.getAllByRole("row");
  const headers = within(header)
    .getAllByRole("columnheader")
    .map((cell) => cell.textContent ?? "");
  const column = headers.indexOf("e-Factura");
  const total = headers.indexOf("Total");
  return body.map((row) => {
    const cells = within(row).getAllByRole("cell").map((cell) => cell.textContent);
    return `${cells[total]} ${cells[column]}`;
  });
};

describe("e-Factura in the invoice list", () => {
  it("shows each invoice's SPV status, its deadline flag, or '—' in the 'e-Factura' column", async () => {
    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    await waitFor(() =>
      expect(rows().sort()).toEqual([
        "121,00 RON Validată",
        "242,00 RON Respinsă",
        expect.stringMatching(/^363,00 RON Termen e-Factura/),
        "484,00 RON —",
      ]),
    );
  });

  it("filters by e-Factura: rejected, then the deadline near, then no SPV message", async () => {
    renderWithAdmin(<InvoiceList />, { path: listOf({ efactura: "rejected" }) });
    await waitFor(() => expect(rows()).toEqual(["242,00 RON Respinsă"]));
    const field = screen.getByRole("combobox", { name: "e-Factura" });
    expect(field).toHaveTextContent("Respinsă");
    await userEvent.click(field);
    expect(await screen.findByRole("option", { name: "Validată" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("option", { name: "Termen e-Factura apropiat" }));
    await waitFor(() => expect(rows()).toEqual([expect.stringMatching(/^363,00 RON Termen e-Factura/)]));
    await userEvent.click(screen.getByRole("combobox", { name: "e-Factura" }));
    await userEvent.click(await screen.findByRole("option", { name: "Fără mesaj SPV" }));
    await waitFor(() => expect(rows().sort()).toEqual([expect.stringMatching(/^363,00 RON Termen e-Factura/), "484,00 RON —"]));
  });
});

const openScreen = (id: number) => renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id" });
const section = () => screen.findByTestId("invoice-efactura");

describe("e-Factura on the invoice's screen", () => {
  it("shows a rejection with ANAF's error, and the SPV event in 'Istoric'", async () => {
    openScreen(ids.rejected);
    const card = await section();
    expect(within(card).getByTestId("efactura-status")).toHaveTextContent("Respinsă");
    expect(within(card).getByTestId("efactura-error")).toHaveTextContent(REJECTION);
    expect(within(card).queryByRole("button", { name: "Descarcă ZIP semnat" })).toBeNull();
    const history = await screen.findByRole("list", { name: "Istoric" });
    await waitFor(() => expect(within(history).getByText(/e-Factura: Respinsă/).closest("p")).toHaveTextContent(`e-Factura: Respinsă — ${REJECTION}`));
  });

  it("offers the signed ZIP and ANAF's PDF of a validated invoice", async () => {
    openScreen(ids.validated);
    const card = await section();
    expect(within(card).getByTestId("efactura-status")).toHaveTextContent("Validată");
    expect(within(card).getByRole("button", { name: "Descarcă ZIP semnat" })).toBeEnabled();
    expect(within(card).getByRole("button", { name: "Descarcă PDF (ANAF)" })).toBeEnabled();
    expect(within(card).queryByTestId("efactura-error")).toBeNull();
    const history = await screen.findByRole("list", { name: "Istoric" });
    expect(await within(history).findByText("e-Factura: Validată")).toBeInTheDocument();
  });

  it("warns of the deadline, with its date, on an invoice SPV has no message about", async () => {
    openScreen(ids.flagged);
    const card = await section();
    const deadline = efacturaDeadline(flaggedIssueDate).split("-").reverse().join(".");
    expect(within(card).getByTestId("efactura-deadline")).toHaveTextContent(new RegExp(`^Termen e-Factura.*\\(termen: ${deadline.replace(/\./g, "\\.")}\\)$`));
    expect(within(card).queryByRole("button", { name: "Descarcă ZIP semnat" })).toBeNull();
  });

  it("says 'Fără mesaj SPV' on an invoice whose deadline is still far", async () => {
    openScreen(ids.plain);
    const card = await section();
    expect(within(card).getByText("Fără mesaj SPV")).toBeInTheDocument();
    expect(within(card).queryByTestId("efactura-deadline")).toBeNull();
  });
});

/** A link's target, decoded: its path and its `filter` parameter. */
function target(link: HTMLElement): { path: string; filter: unknown } {
  const url = new URL(link.getAttribute("href")!, "http://x");
  return { path: url.pathname, filter: JSON.parse(url.searchParams.get("filter") ?? "null") };
}

describe("e-Factura on the home", () => {
  it("counts the invoices near their deadline and those rejected, each a link to the list filtered to them", async () => {
    renderWithAdmin(<Home />);
    const due = await screen.findByRole("link", { name: "Termen e-Factura: 1. Deschide lista" });
    expect(target(due)).toEqual({ path: "/invoices", filter: { efactura: "due" } });
    const rejected = screen.getByRole("link", { name: "Respinse în e-Factura: 1. Deschide lista" });
    expect(target(rejected)).toEqual({ path: "/invoices", filter: { efactura: "rejected" } });
  });
});
