/**
 * Every list, empty, keeps its toolbar and says what to do next with a button that does it. The
 * live server's fresh demo tenant has no customers, stock, invoices, tasks or warehouses, and the
 * system tenant no settings; tenants and users are never empty there (one sees at least oneself),
 * so those two get a data provider answering an empty list.
 */
import type { ReactElement } from "react";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListBase, type DataProvider } from "react-admin";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { CustomerList } from "../customers/CustomerList";
import { InvoiceList } from "../invoices/InvoiceList";
import { PropertyList } from "../properties/PropertyList";
import { dataProvider } from "../providers/dataProvider";
import { StockList } from "../stock/StockList";
import { TaskList } from "../tasks/TaskList";
import { TenantList } from "../tenants/TenantList";
import { UserList } from "../users/UserList";
import { WarehouseScreen } from "../warehouses/WarehouseScreen";
import { ListEmpty } from "./ListEmpty";

// The server answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

const emptyLists: DataProvider = { ...dataProvider, getList: async () => ({ data: [], total: 0 }) };

/** The empty state once the list has loaded, and the router to see where its button leads. */
async function renderEmpty(ui: ReactElement, options: Parameters<typeof renderWithAdmin>[1] = {}) {
  const rendered = renderWithAdmin(ui, options);
  return { ...rendered, empty: await screen.findByTestId("list-empty") };
}

describe("an empty list", () => {
  it.each([
    ["Lista Clienți", <CustomerList />, "/customers", "Nu există încă clienți.", "Importă clienți", "/customers/import"],
    ["Lista Produse", <StockList />, "/stock", "Nu există încă produse în stoc.", "Importă stoc", "/stock/import"],
    ["Facturi importate", <InvoiceList />, "/invoices", "Nu sunt facturi disponibile.", "Importă o factură", "/invoices/import"],
    ["Sarcini", <TaskList />, "/tasks", "Nu există încă sarcini.", "Importă stoc", "/stock/import"],
  ])("'%s' says it holds nothing yet and leads to its import", async (_, ui, path, sentence, action, next) => {
    await signInLive("facturare@demo.ro");
    const { empty, router } = await renderEmpty(ui, { path });
    expect(within(empty).getByText(sentence)).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole("link", { name: action }));
    await waitFor(() => expect(router.state.location.pathname).toBe(next));
  });

  it("keeps the customer list's toolbar: filters and exports stay", async () => {
    await signInLive("facturare@demo.ro");
    const { empty } = await renderEmpty(<CustomerList />, { path: "/customers" });
    expect(within(empty).getByText("Importați-i dintr-un fișier Excel.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Caută (denumire, cod, CIF, email, localitate, județ)")).toBeInTheDocument();
  });

  it("that is empty only for its filters says nothing matches, not that nothing exists yet", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<CustomerList />, { path: `/customers?filter=${encodeURIComponent(JSON.stringify({ q: "nimic" }))}` });
    expect(await screen.findByRole("button", { name: "Elimină filtrele" })).toBeInTheDocument();
    expect(screen.queryByTestId("list-empty")).toBeNull();
  });

  it("of settings keeps 'Adaugă setare' in its toolbar and offers it again under the sentence", async () => {
    await signInLive("superadmin@demo.ro"); // the system tenant has no settings
    const { empty } = await renderEmpty(<PropertyList />, { path: "/properties" });
    expect(within(empty).getByText("Nu există încă setări pentru această firmă.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Adaugă setare" })).toHaveLength(2);
    await userEvent.click(within(empty).getByRole("button", { name: "Adaugă setare" }));
    expect(await screen.findByRole("dialog", { name: "Adaugă setare" })).toBeInTheDocument();
  });

  it("of warehouses leads to the name field of the add form under it", async () => {
    await signInLive("facturare@demo.ro");
    const { empty } = await renderEmpty(<WarehouseScreen />, { path: "/warehouses" });
    expect(within(empty).getByText("Nu există încă depozite.")).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole("button", { name: "Adaugă depozit" }));
    const form = screen.getByRole("region", { name: "Adaugă depozit" });
    expect(within(form).getByLabelText("Nume")).toHaveFocus();
  });

  it("of tenants keeps 'Adaugă firmă' in the toolbar and offers it under the empty list, opening the same dialog", async () => {
    await signInLive("superadmin@demo.ro");
    const { empty } = await renderEmpty(<TenantList />, { path: "/tenants", dataProvider: emptyLists });
    expect(within(empty).getByText("Nu există încă firme.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Adaugă firmă" })).toHaveLength(2);
    await userEvent.click(within(empty).getByRole("button", { name: "Adaugă firmă" }));
    expect(await screen.findByRole("dialog", { name: "Adaugă firmă" })).toBeInTheDocument();
  });

  it("of users keeps 'Adaugă utilizator' in the toolbar and offers it under the empty list, opening the same dialog", async () => {
    await signInLive("admin@demo.ro");
    const { empty } = await renderEmpty(<UserList />, { path: "/users", dataProvider: emptyLists });
    expect(within(empty).getByText("Nu există încă utilizatori.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Adaugă utilizator" })).toHaveLength(2);
    await userEvent.click(within(empty).getByRole("button", { name: "Adaugă utilizator" }));
    expect(await screen.findByRole("dialog", { name: "Adaugă utilizator" })).toBeInTheDocument();
  });

  it("offers no next step to a user who may not go where it leads", async () => {
    await signInLive("facturare@demo.ro");
    const { empty } = await renderEmpty(
      <ListBase resource="customers">
        <ListEmpty label="Adaugă tenant" icon={<GroupAddIcon />} to="/tenants" target="tenants" />
      </ListBase>,
      { dataProvider: emptyLists },
    );
    expect(within(empty).getByText("Nu există încă clienți.")).toBeInTheDocument();
    expect(within(empty).queryByRole("link")).toBeNull();
    expect(within(empty).queryByText("Importați-i dintr-un fișier Excel.")).toBeNull();
  });
});
