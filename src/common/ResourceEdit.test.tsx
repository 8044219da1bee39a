/**
 * A resource's edit screen composed of its inputs: the record in the form, saved on the server
 * before the list shows again, and the toolbar's delete (EditToolbar.tsx), asked with the
 * resource's own words and confirmed first, with no server (a fake session, records in memory).
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { TextInput } from "react-admin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { memoryDataProvider } from "../../test/helpers/memoryDataProvider";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { session } from "../providers/session";
import { ResourceEdit } from "./ResourceEdit";

configure({ asyncUtilTimeout: 5_000 });

const cable = { id: 5, code: "CAB-1", name: "Cablu rețea Cat6" };

function renderEdit(memory = memoryDataProvider([cable]), transform?: (data: Record<string, unknown>) => Record<string, unknown>) {
  session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
  const rendered = renderWithAdmin(
    <Routes>
      <Route
        path="/products/:id"
        element={
          <ResourceEdit resource="products" transform={transform}>
            <TextInput source="code" />
            <TextInput source="name" />
          </ResourceEdit>
        }
      />
      <Route path="/products" element={<p>the list</p>} />
    </Routes>,
    { path: "/products/5", dataProvider: memory.dataProvider },
  );
  return { ...rendered, memory };
}

describe("a resource's edit screen", () => {
  it("is headed by the resource's words and shows the record in the inputs it is given", async () => {
    renderEdit();
    expect(await screen.findByDisplayValue("Cablu rețea Cat6")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Editează produsul" })).toBeInTheDocument();
    expect(screen.getByLabelText("Cod produs")).toHaveValue("CAB-1");
  });

  it("saves the form as the screen turns it into what the API takes, and goes back to the list", async () => {
    const { memory, router } = renderEdit(undefined, (data) => ({ ...data, code: String(data.code).toUpperCase() }));
    const name = await screen.findByLabelText("Denumire produs");
    await userEvent.clear(name);
    await userEvent.type(name, "Cablu Cat7");
    await userEvent.clear(screen.getByLabelText("Cod produs"));
    await userEvent.type(screen.getByLabelText("Cod produs"), "cab-7");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("the list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products");
    expect(memory.rows()).toEqual([{ id: 5, code: "CAB-7", name: "Cablu Cat7" }]);
  });

  it("deletes only once the resource's question is confirmed, then goes back to the list", async () => {
    const { memory, router } = renderEdit();
    await screen.findByDisplayValue("Cablu rețea Cat6");
    await userEvent.click(screen.getByRole("button", { name: "Șterge" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Ștergeți produsul din nomenclator?")).toBeInTheDocument();
    expect(within(dialog).getByText(/Produsul dispare doar din nomenclatorul aplicației/)).toBeInTheDocument();
    expect(memory.writes).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirmă" }));
    expect(await screen.findByText("the list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products");
    expect(memory.rows()).toEqual([]);
    expect(await screen.findByText("Element șters")).toBeInTheDocument();
  });

  it("keeps the record when the question is declined", async () => {
    const { memory, router } = renderEdit();
    await screen.findByDisplayValue("Cablu rețea Cat6");
    await userEvent.click(screen.getByRole("button", { name: "Șterge" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Anulează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(memory.writes).toEqual([]);
    expect(router.state.location.pathname).toBe("/products/5");
  });

  it("says why the server refused a delete, and stays on the record", async () => {
    const memory = memoryDataProvider([cable]);
    memory.refuse("delete", "Produsul nu poate fi șters acum.");
    const { router } = renderEdit(memory);
    await screen.findByDisplayValue("Cablu rețea Cat6");
    await userEvent.click(screen.getByRole("button", { name: "Șterge" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Confirmă" }));
    expect(await screen.findByText("Produsul nu poate fi șters acum.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products/5");
    expect(memory.rows()).toEqual([cable]);
  });
});
