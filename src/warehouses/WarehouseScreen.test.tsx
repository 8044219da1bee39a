import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordContextProvider } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { WarehouseNameField } from "../stock/WarehouseNameField";
import { WarehouseScreen } from "./WarehouseScreen";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

async function addWarehouse(name: string, type: "en gros" | "en detail") {
  const form = screen.getByRole("region", { name: "Adaugă depozit" });
  const nameInput = within(form).getByLabelText("Nume");
  await userEvent.clear(nameInput);
  await userEvent.type(nameInput, name);
  await userEvent.click(within(form).getByRole("combobox", { name: "Tip" }));
  await userEvent.click(await screen.findByRole("option", { name: type }));
  await userEvent.click(within(form).getByRole("button", { name: "Adaugă" }));
}

describe("the warehouses screen", () => {
  it("asks for name and type, adds a warehouse, and explains a refused duplicate", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<WarehouseScreen />);
    const form = await screen.findByRole("region", { name: "Adaugă depozit" });
    await userEvent.click(within(form).getByRole("button", { name: "Adaugă" }));
    expect(await within(form).findByText("Completati numele si tipul depozitului.")).toBeInTheDocument();

    await addWarehouse("Depozit Central", "en gros");
    expect(await screen.findByText("Depozitul a fost adăugat cu succes.")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Depozit Central" })).toBeInTheDocument();

    await addWarehouse("Depozit Central", "en detail");
    expect(
      await within(form).findByText("Eroare la adăugarea depozitului. Există deja un depozit cu numele Depozit Central."),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText("Nume")).toHaveValue("Depozit Central"); // nothing typed is lost
  });

  it("names a stock item's missing warehouse 'not found {id}'", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, warehouseId: 9999 }}>
        <WarehouseNameField />
      </RecordContextProvider>,
    );
    expect(await screen.findByText("not found 9999")).toBeInTheDocument();
  });
});
