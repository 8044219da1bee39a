/**
 * A resource's create screen composed of its inputs: headed by the words of the list's button that
 * leads there, starting from the resource's defaults, saved as the screen turns the form into what
 * the API takes, then back to the list; with no server (a fake session, records in memory).
 */
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { TextInput } from "react-admin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { memoryDataProvider } from "../../test/helpers/memoryDataProvider";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { session } from "../providers/session";
import { ResourceCreate } from "./ResourceCreate";

configure({ asyncUtilTimeout: 5_000 });

describe("a resource's create screen", () => {
  it("starts from the defaults given, saves what the screen makes of the form, and goes back to the list", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    const memory = memoryDataProvider([]);
    const { router } = renderWithAdmin(
      <Routes>
        <Route
          path="/products/create"
          element={
            <ResourceCreate resource="products" defaultValues={{ unit: "buc" }} transform={(data) => ({ ...data, code: data.code.trim() })}>
              <TextInput source="code" />
              <TextInput source="unit" />
            </ResourceCreate>
          }
        />
        <Route path="/products" element={<p>the list</p>} />
      </Routes>,
      { path: "/products/create", dataProvider: memory.dataProvider },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Adaugă produs" })).toBeInTheDocument();
    expect(await screen.findByLabelText("UM")).toHaveValue("buc");
    await userEvent.type(screen.getByLabelText("Cod produs"), "  LAP-1 ");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("the list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products");
    expect(memory.writes).toEqual([{ method: "create", data: { code: "LAP-1", unit: "buc" } }]);
  });

  it("shows the not-found page to a role the role matrix refuses", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(
      <ResourceCreate resource="products">
        <TextInput source="code" />
      </ResourceCreate>,
      { path: "/products/create", route: "/products/create", dataProvider: memoryDataProvider([]).dataProvider },
    );
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Cod produs")).toBeNull();
  });
});
