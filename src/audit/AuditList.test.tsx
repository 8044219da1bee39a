import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Warehouse } from "../../contract/api";
import { captureDownloads } from "../../test/helpers/downloads";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { session } from "../providers/session";
import { AuditList } from "./AuditList";

// The server answers in milliseconds, but a busy machine renders the grid slowly.
configure({ asyncUtilTimeout: 5_000 });

/** Adds a warehouse to the signed-in user's tenant through the real API: one 'Adăugare gestiune' row. */
async function addWarehouse(warehouseName: string) {
  const { data } = await dataProvider.create<Warehouse>("warehouses", { data: { warehouseName, warehouseType: "en gros" } });
  return data.id;
}

/** Today as a day in Romania (yyyy-MM-dd), the server's days for the period. */
const romanianDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(at);
const TODAY = romanianDay(new Date());
const TOMORROW = romanianDay(new Date(Date.now() + 86_400_000));

let server: LiveServer;
let demoWarehouse: number;
let systemWarehouse: number;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  // Changes in two tenants: Demo SRL (its admin) and the super-admin's own 'system'.
  await signInLive("admin@demo.ro");
  demoWarehouse = await addWarehouse("Depozit Demo Audit");
  await signInLive("superadmin@demo.ro");
  systemWarehouse = await addWarehouse("Depozit Sistem Audit");
});
afterAll(() => server.close());

async function openList(email: string, path = "/audit") {
  await signInLive(email);
  renderWithAdmin(<AuditList />, { path });
  await screen.findByRole("heading", { level: 1, name: "Jurnal de audit" });
}

// The grid is read with plain DOM queries, cheap enough for every poll of `waitFor`.
const dataRows = () => Array.from(document.querySelectorAll<HTMLElement>("table tbody tr"));
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent ?? "");
const headers = () => screen.getAllByRole("columnheader").map((cell) => cell.textContent);
/** The grid's rows, each as the text of the columns named. */
const columns = (...names: string[]) => {
  const at = names.map((name) => headers().indexOf(name));
  return dataRows().map((row) => at.map((index) => cellsOf(row)[index]).join(" | "));
};

describe("the audit log screen", () => {
  it("shows a tenant's admin the tenant's changes only, newest first, with no tenant column", async () => {
    await openList("admin@demo.ro");
    await waitFor(() => expect(columns("Acțiune", "Obiect")).toContain(`Adăugare gestiune | Depozit Demo Audit #${demoWarehouse}`));
    expect(headers()).toEqual(["Data și ora", "Utilizator", "Acțiune", "Obiect", "Rezultat", "Adresă IP"]);
    const rows = columns("Utilizator", "Acțiune");
    // The sign-in just made is the newest row; the super-admin's changes in 'system' are not here.
    expect(rows[0]).toBe("admin@demo.ro | Autentificare");
    expect(rows.every((row) => row.startsWith("admin@demo.ro"))).toBe(true);
    expect(screen.queryByText(/Depozit Sistem Audit/)).toBeNull();
    expect(cellsOf(dataRows()[0])[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(cellsOf(dataRows()[0])[5]).toMatch(/127\.0\.0\.1/);
  });

  it("shows the super-admin on the system tenant every tenant's changes under a company column, and narrows them to one", async () => {
    await openList("superadmin@demo.ro");
    await waitFor(() => expect(columns("Firmă", "Obiect")).toContain(`Demo SRL | Depozit Demo Audit #${demoWarehouse}`));
    expect(headers()).toEqual(["Data și ora", "Firmă", "Utilizator", "Acțiune", "Obiect", "Rezultat", "Adresă IP"]);
    expect(columns("Firmă", "Obiect")).toContain(`system | Depozit Sistem Audit #${systemWarehouse}`);

    await userEvent.click(screen.getByRole("button", { name: "Adaugă filtru" }));
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "Firmă" }));
    await userEvent.type(await screen.findByRole("combobox", { name: "Firmă" }), "demo");
    await userEvent.click(await screen.findByRole("option", { name: "Demo SRL" }));
    await waitFor(() => expect(new Set(columns("Firmă"))).toEqual(new Set(["Demo SRL"])));
    expect(columns("Obiect")).toContain(`Depozit Demo Audit #${demoWarehouse}`);
  });

  it("shows the super-admin acting in one company that company's changes only, as its admin sees them", async () => {
    await signInLive("superadmin@demo.ro");
    session.chooseTenant({ id: 2, name: "Demo SRL" });
    try {
      renderWithAdmin(<AuditList />, { path: "/audit" });
      await screen.findByRole("heading", { level: 1, name: "Jurnal de audit" });
      await waitFor(() => expect(columns("Acțiune", "Obiect")).toContain(`Adăugare gestiune | Depozit Demo Audit #${demoWarehouse}`));
      expect(headers()).toEqual(["Data și ora", "Utilizator", "Acțiune", "Obiect", "Rezultat", "Adresă IP"]);
      expect(screen.queryByText(/Depozit Sistem Audit/)).toBeNull();
      expect(screen.queryByText("superadmin@demo.ro")).toBeNull(); // the super-admin's sign-in is the system tenant's
    } finally {
      session.chooseTenant(null);
    }
  });

  it("says 'Reușită' in 'Rezultat' for a change that has nothing more to say", async () => {
    await openList("admin@demo.ro");
    await waitFor(() => expect(columns("Obiect", "Rezultat")).toContain(`Depozit Demo Audit #${demoWarehouse} | Reușită`));
    expect(columns("Rezultat").every((cell) => cell !== "")).toBe(true);
  });

  it("narrows the rows by action, by user and by period", async () => {
    await openList("superadmin@demo.ro");
    await screen.findByText(`Depozit Demo Audit #${demoWarehouse}`);

    await userEvent.click(screen.getByRole("button", { name: "Adaugă filtru" }));
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "Acțiune" }));
    await userEvent.click(await screen.findByRole("combobox", { name: "Acțiune" }));
    await userEvent.click(await screen.findByRole("option", { name: "Adăugare gestiune" }));
    await waitFor(() =>
      expect(columns("Utilizator", "Obiect")).toEqual([
        `superadmin@demo.ro | Depozit Sistem Audit #${systemWarehouse}`,
        `admin@demo.ro | Depozit Demo Audit #${demoWarehouse}`,
      ]),
    );

    await userEvent.click(screen.getByRole("button", { name: "Adaugă filtru" }));
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "Utilizator" }));
    await userEvent.type(await screen.findByRole("textbox", { name: "Utilizator" }), "SuperAdmin");
    await waitFor(() => expect(columns("Utilizator", "Obiect")).toEqual([`superadmin@demo.ro | Depozit Sistem Audit #${systemWarehouse}`]));

    await userEvent.click(screen.getByRole("button", { name: "Adaugă filtru" }));
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "De la data" }));
    const from = await screen.findByLabelText("De la data");
    fireEvent.change(from, { target: { value: TODAY } });
    await waitFor(() => expect(columns("Obiect")).toEqual([`Depozit Sistem Audit #${systemWarehouse}`]));
    fireEvent.change(from, { target: { value: TOMORROW } });
    await waitFor(() => expect(dataRows()).toHaveLength(0));
    expect(await screen.findByText(/Nu s-au găsit/)).toBeInTheDocument();
  });

  it("shows the server's reason for a period whose start is after its end", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined); // react-admin logs the failure; expected here
    try {
      const filter = encodeURIComponent(JSON.stringify({ from: TOMORROW, to: TODAY }));
      await openList("admin@demo.ro", `/audit?filter=${filter}`);
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(
        "Eroare la preluarea jurnalului de audit. Perioada nu este validă: ziua de început este după ziua de sfârșit.",
      );
      expect(dataRows()).toHaveLength(0);
    } finally {
      quiet.mockRestore();
    }
  });

  it("exports the rows the filters select as CSV and XLSX", async () => {
    const filter = encodeURIComponent(JSON.stringify({ action: "warehouses.create" }));
    await openList("superadmin@demo.ro", `/audit?filter=${filter}`);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    const downloads = captureDownloads();
    try {
      const csv = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Export CSV" })));
      expect(csv.filename).toBe("jurnal-audit.csv");
      const lines = (await csv.blob.text()).trim().split(/\r?\n/);
      expect(lines).toHaveLength(3); // the header and the two warehouses, newest first
      expect(lines[0]).toContain("Data și ora");
      expect(lines[1]).toContain("Depozit Sistem Audit");
      expect(lines[1]).toContain("Adăugare gestiune");
      expect(lines[2]).toContain("Depozit Demo Audit");
      expect(lines[2]).toContain("Demo SRL");

      const xlsx = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Export XLSX" })));
      expect(xlsx.filename).toBe("jurnal-audit.xlsx");
      expect(xlsx.blob.size).toBeGreaterThan(0);
    } finally {
      downloads.restore();
    }
  });

  it("is not there for the invoicing role", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<AuditList />, { path: "/audit" });
    expect(await screen.findByText("Pagină Inexistentă")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Jurnal de audit" })).toBeNull();
    expect(within(document.body).queryByRole("table")).toBeNull();
  });
});
