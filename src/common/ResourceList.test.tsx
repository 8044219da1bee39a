/**
 * A resource's list composed of its columns: the heading, the guard, the toolbar, the error alert
 * and the empty state come from the resource's name and its words (resources.<name>.*), with no
 * server (a fake session, records in memory).
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button as RaButton, TextField } from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { memoryDataProvider } from "../../test/helpers/memoryDataProvider";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { session } from "../providers/session";
import { ResourceList } from "./ResourceList";

configure({ asyncUtilTimeout: 5_000 });

const products = [
  { id: 1, code: "CAB-1", name: "Cablu rețea Cat6" },
  { id: 2, code: "MON-1", name: "Montaj rețea" },
];

const ProductColumns = (props: { create?: boolean; rowClick?: "edit" }) => (
  <ResourceList resource="products" sort={{ field: "name", order: "ASC" }} {...props}>
    <TextField source="code" />
    <TextField source="name" />
  </ResourceList>
);

describe("a resource's list", () => {
  it("is headed by the resource's title and shows its rows under the columns it is given, labelled by the resource's fields", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const { dataProvider } = memoryDataProvider(products);
    renderWithAdmin(<ProductColumns />, { path: "/products", dataProvider });
    expect(await screen.findByRole("cell", { name: "Cablu rețea Cat6" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Nomenclator produse" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Cod produs" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Denumire produs" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Adaugă produs" })).toBeNull();
  });

  it("of a resource with a create screen offers 'Adaugă …' in its toolbar, and a row opens its edit screen", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const { dataProvider } = memoryDataProvider(products);
    const { router } = renderWithAdmin(<ProductColumns create rowClick="edit" />, { path: "/products", dataProvider });
    await userEvent.click(await screen.findByRole("cell", { name: "Montaj rețea" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/2"));
  });

  it("leads from its toolbar's 'Adaugă …' to the create screen", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const { dataProvider } = memoryDataProvider(products);
    const { router } = renderWithAdmin(<ProductColumns create />, { path: "/products", dataProvider });
    await screen.findByRole("cell", { name: "Montaj rețea" });
    await userEvent.click(screen.getByRole("link", { name: "Adaugă produs" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/create"));
  });

  it("empty, keeps its toolbar and says so in the resource's words, with a button to the create screen", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const { dataProvider } = memoryDataProvider([]);
    const { router } = renderWithAdmin(<ProductColumns create />, { path: "/products", dataProvider });
    const empty = await screen.findByTestId("list-empty");
    expect(within(empty).getByText("Nomenclatorul nu are încă produse.")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Adaugă produs" })).toHaveLength(2);
    await userEvent.click(within(empty).getByRole("link", { name: "Adaugă produs" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/create"));
  });

  it("empty, offers the next step the screen names instead, and the screen's own toolbar buttons", async () => {
    session.set(sessionWithRoles(["ROLE_SUPERADMIN"]));
    const { dataProvider } = memoryDataProvider([]);
    const add = vi.fn();
    renderWithAdmin(
      <ResourceList
        resource="tenants"
        sort={{ field: "id", order: "ASC" }}
        actions={
          <RaButton label="resources.tenants.add" onClick={add}>
            <AddIcon />
          </RaButton>
        }
        empty={{ label: "Adaugă firmă", icon: <AddIcon />, onClick: add }}
      >
        <TextField source="name" />
      </ResourceList>,
      { path: "/tenants", dataProvider },
    );
    const empty = await screen.findByTestId("list-empty");
    expect(within(empty).getByText("Nu există încă firme.")).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole("button", { name: "Adaugă firmă" }));
    expect(add).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole("button", { name: "Adaugă firmă" })).toHaveLength(2);
  });

  it("that cannot be read says so with the resource's own words before the server's reason", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const memory = memoryDataProvider(products);
    memory.refuse("getList", "Serverul nu răspunde.", 503);
    renderWithAdmin(<ProductColumns />, { path: "/products", dataProvider: memory.dataProvider });
    expect(await screen.findByText("Eroare la preluarea nomenclatorului. Serverul nu răspunde.")).toBeInTheDocument();
  });

  it("that cannot be read, of a resource without words for it, says 'Eroare:' and the server's reason", async () => {
    session.set(sessionWithRoles(["ROLE_SUPERADMIN"]));
    const memory = memoryDataProvider([]);
    memory.refuse("getList", "Serverul nu răspunde.", 503);
    renderWithAdmin(
      <ResourceList resource="tenants" sort={{ field: "id", order: "ASC" }}>
        <TextField source="name" />
      </ResourceList>,
      { path: "/tenants", dataProvider: memory.dataProvider },
    );
    expect(await screen.findByText("Eroare: Serverul nu răspunde.")).toBeInTheDocument();
  });

  it("shows the not-found page to a role the role matrix refuses, and reads nothing", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    const { dataProvider } = memoryDataProvider(products);
    const getList = vi.spyOn(dataProvider, "getList");
    renderWithAdmin(<ProductColumns create />, { path: "/products", dataProvider });
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
    expect(screen.queryByText("Nomenclator produse")).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });
});
