import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Tenant } from "../../contract/api";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { authProvider } from "../providers/authProvider";
import { httpClient } from "../providers/httpClient";
import { session } from "../providers/session";
import { WarehouseScreen } from "../warehouses/WarehouseScreen";
import { Layout } from "./Layout";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
const post = <T,>(path: string, body: object) => httpClient<T>(path, { method: "POST", body: JSON.stringify(body) });

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await signInLive("facturare@demo.ro");
  await post("/api/smartbill/warehouses", { warehouseName: "Depozit Demo", warehouseType: "en gros" });
  await signInLive("superadmin@demo.ro"); // in the own tenant, system
  await post("/api/smartbill/warehouses", { warehouseName: "Depozit Sistem", warehouseType: "en gros" });
  localStorage.clear();
}, 60_000);
afterAll(() => server.close(), 30_000);

function renderWarehouses() {
  return renderWithAdmin(
    <Layout>
      <WarehouseScreen />
    </Layout>,
  );
}

async function chooseTenant(name: RegExp) {
  await userEvent.click(await screen.findByTestId("acting-tenant"));
  const dialog = await screen.findByRole("dialog", { name: "Alegeți firma" });
  await userEvent.click(await within(dialog).findByRole("button", { name }));
}

describe("the super-admin's tenant switcher", () => {
  it("starts the super-admin in the first client company, and makes every call act on the tenant chosen", async () => {
    await signInLive("superadmin@demo.ro", undefined, { firstCompany: true });
    renderWarehouses();
    expect(await screen.findByRole("cell", { name: "Depozit Demo" })).toBeInTheDocument();
    expect(screen.getByTestId("acting-tenant")).toHaveTextContent("Demo SRL");
    expect(screen.getByTestId("acting-tenant")).toHaveAttribute("data-chosen", "true");

    await chooseTenant(/^system \(firma proprie\)/);
    // Not even for a moment does the other tenant's answer stay on screen.
    expect(screen.queryByRole("cell", { name: "Depozit Demo" })).toBeNull();
    expect(await screen.findByRole("cell", { name: "Depozit Sistem" })).toBeInTheDocument();
    expect(screen.getByTestId("acting-tenant")).toHaveAttribute("data-chosen", "false");

    await chooseTenant(/^Demo SRL/);
    expect(await screen.findByRole("cell", { name: "Depozit Demo" })).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: "Depozit Sistem" })).toBeNull();
    expect(screen.getByTestId("acting-tenant")).toHaveTextContent("Demo SRL");
  });

  it("keeps the choice across a reload and forgets it at sign-out", async () => {
    await signInLive("superadmin@demo.ro", undefined, { firstCompany: true });
    const first = renderWarehouses();
    await chooseTenant(/^system \(firma proprie\)/);
    expect(await screen.findByRole("cell", { name: "Depozit Sistem" })).toBeInTheDocument();
    first.unmount();

    const reloaded = renderWarehouses(); // a new page reads the stored choice
    expect(await screen.findByRole("cell", { name: "Depozit Sistem" })).toBeInTheDocument();
    expect(screen.getByTestId("acting-tenant")).toHaveTextContent("system");
    reloaded.unmount();

    await authProvider.logout({});
    await signInLive("superadmin@demo.ro", undefined, { firstCompany: true });
    renderWarehouses();
    expect(await screen.findByRole("cell", { name: "Depozit Demo" })).toBeInTheDocument();
    expect(screen.getByTestId("acting-tenant")).toHaveTextContent("Demo SRL");
  });

  it("shows the SmartBill screens acting on the system tenant the way to choose a company, not the unconfigured banner", async () => {
    await signInLive("superadmin@demo.ro"); // in system
    renderWarehouses();
    const notice = await screen.findByTestId("system-tenant-notice");
    expect(notice).toHaveTextContent("Lucrați în firma „system”, a operatorului platformei, care nu facturează. Alegeți firma pentru care lucrați.");
    expect(screen.queryByTestId("smartbill-connection-notice")).toBeNull();
    await userEvent.click(within(notice).getByRole("button", { name: "Alegeți firma" }));
    const dialog = await screen.findByRole("dialog", { name: "Alegeți firma" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /^Demo SRL/ }));
    expect(await screen.findByRole("cell", { name: "Depozit Demo" })).toBeInTheDocument();
    expect(screen.queryByTestId("system-tenant-notice")).toBeNull();
  });

  it("searches the tenants on the server and shows one page of them", async () => {
    await signInLive("superadmin@demo.ro");
    for (let n = 1; n <= 21; n++) await post("/api/tenant/add", { name: `Firma ${String(n).padStart(2, "0")} SRL` });
    renderWithAdmin(<Layout>pagina</Layout>);
    await userEvent.click(await screen.findByTestId("acting-tenant"));
    const dialog = await screen.findByRole("dialog", { name: "Alegeți firma" });
    const list = within(dialog).getByRole("list", { name: "Firme" });
    expect(await within(dialog).findByText(/^Se afișează primele 20 din 2\d\./)).toBeInTheDocument();
    expect(within(list).getAllByRole("button")).toHaveLength(20);

    await userEvent.type(within(dialog).getByLabelText("Caută firma (nume sau descriere)"), "firma 17");
    // The search asks the server (after the field's pause): as long as a busy machine needs, not vi.waitFor's 1 s.
    await vi.waitFor(() => expect(within(list).getAllByRole("button").map((item) => item.textContent)).toEqual(["Firma 17 SRL"]), { timeout: 15_000 });
    expect(within(dialog).queryByText(/Se afișează primele/)).toBeNull();
  });

  it("goes back to the own tenant with a notice when the chosen tenant was deleted meanwhile", async () => {
    await signInLive("superadmin@demo.ro");
    const { json: gone } = await post<Tenant>("/api/tenant/add", { name: "Efemer SRL" });
    renderWarehouses();
    await chooseTenant(/^Efemer SRL/);
    expect(await screen.findByText("Nu există încă depozite.")).toBeInTheDocument();

    await httpClient(`/api/tenant/${gone.id}`, { method: "DELETE" }); // e.g. from another browser
    await userEvent.click(screen.getByRole("button", { name: "Reîmprospătează" }));
    expect(
      await screen.findByText("Firma Efemer SRL nu mai există. Lucrați din nou în firma proprie (system)."),
    ).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Depozit Sistem" })).toBeInTheDocument();
    expect(screen.getByTestId("acting-tenant")).toHaveTextContent("system");
    expect(session.actingTenant()).toEqual({ id: 1, name: "system" });
  });
});
