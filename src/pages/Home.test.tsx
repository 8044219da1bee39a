/**
 * The home against the live server: the invoicing user sees the company's figures per currency,
 * each a link to the list filtered to exactly what it counts (the figures hand-computed from the
 * invoices made in test/helpers/liveReceivables.ts), the months as a table on request, and the
 * shortcuts under them; the company administrator keeps the short page of its own tasks; the
 * super-admin on the system tenant the notice that leads to a company.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { firstOfLastMonth, makeMoneyInView, type MoneyInView } from "../../test/helpers/liveReceivables";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import Home from "./Home";

let server: LiveServer;
let company: MoneyInView;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

/** A link's target, decoded: its path and its `filter` parameter. */
function target(link: HTMLElement): { path: string; filter: unknown } {
  const url = new URL(link.getAttribute("href")!, "http://x");
  return { path: url.pathname, filter: JSON.parse(url.searchParams.get("filter") ?? "null") };
}

const figure = (name: string) => screen.findByRole("link", { name: `${name}. Deschide lista` });
const monthDays = (firstDay: string) => {
  const [year, month] = firstDay.split("-").map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { issueDateFrom: firstDay, issueDateTo: `${firstDay.slice(0, 8)}${String(last).padStart(2, "0")}` };
};

describe("the home", () => {
  it("tells a company without invoices what will show, with the shortcuts", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<Home />);
    expect(await screen.findByTestId("home-dashboard-empty")).toHaveTextContent("Încă nu aveți facturi trimise în SmartBill.");
    const shortcuts = within(screen.getByRole("region", { name: "Facturare" })).getAllByRole("link");
    expect(shortcuts.map((link) => link.querySelector(".MuiListItemText-primary")?.textContent)).toEqual([
      "Import factură",
      "Facturi importate",
      "Clienți",
      "Stoc produse",
    ]);
  });

  it("shows the invoicing user's figures per currency, each a link to exactly what it counts", async () => {
    await signInLive("facturare@demo.ro");
    company = await makeMoneyInView();
    const thisMonth = monthDays(`${company.today.slice(0, 8)}01`);
    const lastMonth = monthDays(firstOfLastMonth(company.today));
    renderWithAdmin(<Home />);
    const ron = await screen.findByRole("region", { name: "În RON" }, { timeout: 10_000 });

    // Invoiced: the current and the paid invoice this month (2 × 121,00), last month's 605,00.
    const invoiced = await figure("Facturat luna aceasta: 242,00 RON");
    expect(target(invoiced)).toEqual({ path: "/invoices", filter: { sent: true, ...thisMonth, currency: "RON" } });
    expect(target(within(ron).getByRole("link", { name: /^Facturat, .*: 605,00 RON\. Deschide lista$/ }))).toEqual({
      path: "/invoices",
      filter: { sent: true, ...lastMonth, currency: "RON" },
    });
    expect(within(ron).getByTestId("change-last-month")).toHaveTextContent(/^-60\s?% față de luna trecută$/);
    expect(within(ron).getByTestId("change-last-year")).toHaveTextContent("fără comparație: nimic facturat atunci");
    expect(within(ron).getByTestId("figure-received")).toHaveTextContent("121,00 RON");

    // Unpaid: everything not paid (121 + 605 + 242), in 3 invoices; overdue: the one 45 days late.
    const unpaid = await figure("De încasat: 968,00 RON");
    expect(target(unpaid)).toEqual({ path: "/receivables", filter: { currency: "RON" } });
    expect(within(ron).getByTestId("figure-unpaid")).toHaveTextContent("3 facturi");
    const overdue = await figure("Scadență depășită: 242,00 RON");
    expect(target(overdue)).toEqual({ path: "/receivables", filter: { currency: "RON", overdue: true } });
    expect(within(ron).getByTestId("figure-overdue")).toHaveTextContent("o factură");
    expect(target(await figure("Scadență depășită, 31–60 de zile: 242,00 RON"))).toEqual({
      path: "/receivables",
      filter: { currency: "RON", bucket: "31-60" },
    });
    expect(await figure("Scadență depășită, 1–30 de zile: 0,00 RON")).toBeInTheDocument();

    // Who owes most: the first customer (121 + 605), then the second (242, all overdue).
    const debtors = within(ron).getByRole("table", { name: "Clienții care datorează cel mai mult (RON)" });
    const rows = within(debtors).getAllByRole("row").slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Alfa Consult SRL", "726,00 RON", "0,00 RON", "2"],
      ["Beta Distribuție SRL", "242,00 RON", "242,00 RON", "1"],
    ]);
    expect(target(within(debtors).getByRole("link", { name: "De încasat, Beta Distribuție SRL: 242,00 RON. Deschide lista" }))).toEqual({
      path: "/receivables",
      filter: { clientId: company.second.id, currency: "RON" },
    });

    // What to follow up: nothing pending, each count a link to its list.
    expect(target(await figure("Proforme netransformate în factură: 0"))).toEqual({ path: "/proformas", filter: { notInvoiced: true } });
    expect(target(await figure("Facturi netrimise (refuzate sau neconfirmate): 0"))).toEqual({
      path: "/invoices",
      filter: { unsent: true },
    });
    // The shortcuts stay under the figures.
    expect(screen.getByRole("region", { name: "Facturare" })).toBeInTheDocument();
  });

  it("shows the 12 months as a table on request, each month's invoiced figure a link to that month's invoices", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<Home />);
    const ron = await screen.findByRole("region", { name: "În RON" }, { timeout: 10_000 });
    await userEvent.click(within(ron).getByRole("button", { name: "Arată tabelul" }));
    const table = within(ron).getByRole("table", { name: "Ultimele 12 luni: facturat și încasat (RON)" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(12);
    const month = new Intl.DateTimeFormat("ro-RO", { month: "long", year: "numeric", timeZone: "UTC" });
    const name = (day: string) => month.format(new Date(`${day}T00:00:00Z`));
    // This month last, with what was invoiced and received in it.
    expect([...rows[11].children].map((cell) => cell.textContent)).toEqual([name(company.today), "242,00 RON", "121,00 RON"]);
    expect([...rows[10].children].map((cell) => cell.textContent)).toEqual([name(firstOfLastMonth(company.today)), "605,00 RON", "0,00 RON"]);
    expect(target(within(rows[10]).getByRole("link"))).toEqual({
      path: "/invoices",
      filter: { sent: true, ...monthDays(firstOfLastMonth(company.today)), currency: "RON" },
    });
    expect(within(ron).getByRole("button", { name: "Arată graficul" })).toHaveAttribute("aria-pressed", "true");
  });

  it("keeps the company administrator's short page of its own tasks, without figures", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<Home />);
    const company = await screen.findByRole("region", { name: "Administrarea firmei" });
    expect(within(company).getAllByRole("link").map((link) => link.querySelector(".MuiListItemText-primary")?.textContent)).toEqual([
      "Utilizatori",
      "Setări",
      "Conexiune SmartBill",
    ]);
    expect(screen.queryByTestId("home-dashboard")).toBeNull();
    expect(screen.queryByText("Se citesc cifrele…")).toBeNull();
    expect(screen.queryByRole("region", { name: "Facturare" })).toBeNull();
  });

  it("shows the super-admin on the system tenant the way to a company, not figures", async () => {
    await signInLive("superadmin@demo.ro");
    renderWithAdmin(<Home />);
    expect(await screen.findByTestId("system-tenant-notice")).toBeInTheDocument();
    expect(screen.queryByTestId("home-dashboard")).toBeNull();
  });
});
