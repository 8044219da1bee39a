/**
 * 'Verifică la ANAF' on the import screen, against a live server and its own ANAF emulator: the
 * box ticked by default (and not when ANAF was just found unreachable), the check's progress
 * after the dry run, its warnings per row in the report, ANAF down as one message with the import
 * still possible, and 'Completează adresele goale din ANAF' for the import.
 */
import { readFileSync } from "node:fs";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { CustomerImport } from "./CustomerImport";

const fixture = (name: string) => new File([readFileSync(`test/fixtures/customers/${name}`)], name);
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];

// The check waits on ANAF's one request a second; a busy machine renders slowly too.
configure({ asyncUtilTimeout: 15_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());
beforeEach(() => anafEmulator("POST", "/reset"));

async function anafEmulator(method: string, path: string, body?: object) {
  const response = await fetch(`${server.url}/anaf-emulator/__emulator${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}
const anafRequests = async () => ((await anafEmulator("GET", "/requests")) as { count: number }).count;

async function openImport() {
  await signInLive("facturare@demo.ro");
  const user = userEvent.setup({ applyAccept: false });
  renderWithAdmin(<CustomerImport />, { path: "/customers/import" });
  await screen.findByRole("heading", { level: 1, name: "Import Clienți" });
  return {
    user,
    box: () => screen.getByRole("checkbox", { name: "Verifică la ANAF" }),
    choose: (file: File) => user.upload(screen.getByTestId("customer-file"), file),
    check: () => user.click(screen.getByRole("button", { name: "Verifică fișierul" })),
  };
}

describe("'Verifică la ANAF' in the customer import", () => {
  it("is ticked by default; unticked, the dry run asks ANAF nothing", async () => {
    const { user, box, choose, check } = await openImport();
    await waitFor(() => expect(box()).toBeChecked());
    await user.click(box());
    await choose(fixture("ro-title.xlsx"));
    await check();
    await screen.findByTestId("dry-run-counters");
    expect(screen.queryByTestId("anaf-progress")).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "Completează adresele goale din ANAF" })).toBeNull();
    expect(await anafRequests()).toBe(0);
  });

  it("says once that ANAF is unreachable, keeps the import possible, and offers the next check unticked", async () => {
    await anafEmulator("POST", "/faults", { fault: "503", times: 3 });
    const { box, choose, check } = await openImport();
    await waitFor(() => expect(box()).toBeChecked());
    const file = await xlsxOf([HEADERS, ["Firma Nouă SRL", "RO45273124", "", "N1", "", "", "", "", "", "", "", "", ""]]);
    await choose(new File([new Uint8Array(file)], "clienti.xlsx"));
    await check();
    expect(await screen.findByTestId("anaf-unavailable")).toHaveTextContent(
      "Verificarea la ANAF nu s-a putut face: ANAF nu răspunde acum (serviciul său a răspuns cu eroarea 503).",
    );
    expect(screen.getByTestId("anaf-unavailable")).toHaveTextContent("Importul se poate face și fără ea.");
    expect(screen.getByRole("button", { name: "Confirmă importul" })).toBeEnabled();
    expect(screen.queryByRole("checkbox", { name: "Completează adresele goale din ANAF" })).toBeNull();
  });

  it("shows the check's progress, then each row's warning in the report, and fills empty addresses on import", async () => {
    // The fixture's CUI made inactive; ANAF's answer slowed so the progress is there to be seen.
    await anafEmulator("PUT", "/settings", { companyStates: { "18547290": { inactiveSince: "2024-05-06" } }, slowMs: 1500 });
    await anafEmulator("POST", "/faults", { fault: "slow" });
    const { user, box, choose, check } = await openImport();
    // The check before this one found ANAF unreachable: offered unticked, ticked by the clerk.
    await waitFor(() => expect(box()).not.toBeChecked());
    await user.click(box());
    await choose(fixture("ro-title.xlsx"));
    await check();

    expect(await screen.findByTestId("anaf-progress")).toHaveTextContent(/Verificare la ANAF: 0 din 1 CIF-uri|așteaptă/);
    const table = await screen.findByRole("table", { name: "Avertismente ANAF (2)" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[1].textContent)).toEqual(["C001", "C002"]);
    for (const row of rows) expect(row).toHaveTextContent("Firmă inactivă la ANAF din 06.05.2024.");
    expect(screen.getByText(/Avertismentele nu opresc importul/)).toBeInTheDocument();
    expect(screen.queryByTestId("anaf-progress")).toBeNull();

    const fill = screen.getByRole("checkbox", { name: "Completează adresele goale din ANAF" });
    expect(fill).toBeChecked();
    const asked = await anafRequests();
    await user.click(screen.getByRole("button", { name: "Confirmă importul" }));
    // Both rows had their addresses already: nothing filled (nothing said of it), ANAF not asked again.
    const summary = await screen.findByRole("status", { name: "Import finalizat" });
    expect(summary).toHaveTextContent("Import finalizat: 3 clienți noi, 0 actualizați, 4 rânduri respinse.");
    expect(summary).not.toHaveTextContent("ANAF");
    expect(await anafRequests()).toBe(asked);
  });
});
