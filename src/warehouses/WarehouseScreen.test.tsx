import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RecordContextProvider } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import { WarehouseNameField } from "../stock/WarehouseNameField";
import { WarehouseScreen } from "./WarehouseScreen";

const api = dataProvider as AppDataProvider;

// The server answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

/** The demo company connected to the server's own SmartBill emulator (Depozit Central, Magazin Cluj). */
async function connectToEmulator() {
  await signInLive("admin@demo.ro");
  await api.saveSmartBillConnection({
    username: "facturare@demo.ro",
    token: "demo-smartbill-token-0001",
    cif: "RO40671760",
    url: `${server.url}/smartbill-emulator/SBORO/api`,
  });
}

const form = () => screen.getByRole("region", { name: "Adaugă depozit" });
const nameInput = () => within(form()).getByRole("combobox", { name: "Nume" });
const hint = () => within(form()).getByTestId("warehouse-name-hint");

async function chooseType(type: "en gros" | "en detail") {
  await userEvent.click(within(form()).getByRole("combobox", { name: "Tip" }));
  await userEvent.click(await screen.findByRole("option", { name: type }));
}

async function addWarehouse(name: string, type: "en gros" | "en detail") {
  await userEvent.clear(nameInput());
  await userEvent.type(nameInput(), name);
  await chooseType(type);
  await userEvent.click(within(form()).getByRole("button", { name: "Adaugă" }));
}

/** The list row of a warehouse, by its name. */
const rowOf = async (name: string) => (await screen.findByText(name, { selector: "td span" })).closest("tr") as HTMLElement;

describe("the warehouses screen", () => {
  it("says why SmartBill's warehouses cannot be offered while the company is not connected, and still takes a name", async () => {
    // The seeded demo address names port 0, which is not this server: SmartBill cannot be asked.
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await waitFor(() => expect(hint()).toHaveTextContent(/^Depozitele din SmartBill nu au putut fi citite: .+ Scrieți numele exact al depozitului din SmartBill\.$/));
    await addWarehouse("Depozit Nou", "en gros");
    expect(await screen.findByText("Depozitul a fost adăugat cu succes.")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Depozit Nou" })).toBeInTheDocument();
  });

  it("explains the type: what en gros and en detail mean in SmartBill", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    expect(within(form()).getByText(/en gros: gestiune cantitativ-valorică, stocul ținut la prețul de achiziție/)).toBeInTheDocument();
    expect(within(form()).getByText(/en detail: gestiune global-valorică, la prețul de vânzare cu amănuntul/)).toBeInTheDocument();
  });

  it("offers SmartBill's warehouses; picking one sets its type, and after the add the form is empty again", async () => {
    await connectToEmulator();
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await waitFor(() =>
      expect(hint()).toHaveTextContent("Alegeți un depozit din SmartBill sau scrieți numele lui exact, cu aceleași litere mari și mici."),
    );
    await userEvent.click(nameInput());
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Depozit Central", "Magazin Cluj"]);
    await userEvent.click(screen.getByRole("option", { name: "Magazin Cluj" }));
    expect(nameInput()).toHaveValue("Magazin Cluj");
    expect(within(form()).getByRole("combobox", { name: "Tip" })).toHaveTextContent("en detail");
    expect(hint()).toHaveTextContent("Depozit din SmartBill: stocul lui se poate importa.");

    await userEvent.click(within(form()).getByRole("button", { name: "Adaugă" }));
    expect(await screen.findByText("Depozitul a fost adăugat cu succes.")).toBeInTheDocument();
    expect(within(await rowOf("Magazin Cluj")).queryByTestId("warehouse-unknown")).toBeNull();
    // Ready for the next one: a second click is not a duplicate.
    await waitFor(() => expect(nameInput()).toHaveValue(""));
    expect(within(form()).getByRole("combobox", { name: "Tip" })).not.toHaveTextContent("en detail");
  });

  it("asks before saving a name SmartBill does not know, and says so after", async () => {
    await connectToEmulator();
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await waitFor(() => expect(hint()).toHaveTextContent("Alegeți un depozit din SmartBill"));
    await userEvent.type(nameInput(), "Depozit Fantomă");
    expect(hint()).toHaveTextContent(
      "SmartBill nu are un depozit cu acest nume (sau depozitul nu are încă niciun produs): importul stocului nu va găsi nimic.",
    );
    await chooseType("en gros");
    await userEvent.click(within(form()).getByRole("button", { name: "Adaugă" }));
    let dialog = await screen.findByRole("dialog", { name: "Depozit necunoscut în SmartBill" });
    expect(dialog).toHaveTextContent("SmartBill nu are un depozit numit „Depozit Fantomă”");
    await userEvent.click(within(dialog).getByRole("button", { name: "Anulează" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("cell", { name: "Depozit Fantomă" })).toBeNull();
    expect(nameInput()).toHaveValue("Depozit Fantomă"); // nothing typed is lost

    await userEvent.click(within(form()).getByRole("button", { name: "Adaugă" }));
    dialog = await screen.findByRole("dialog", { name: "Depozit necunoscut în SmartBill" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Adaugă totuși" }));
    expect(
      await screen.findByText(
        "Depozitul a fost adăugat cu succes. Atenție: SmartBill nu are încă un depozit cu acest nume, așa că importul stocului nu va găsi nimic până atunci.",
      ),
    ).toBeInTheDocument();
    // The list says it too, under the name.
    expect(within(await rowOf("Depozit Fantomă")).getByTestId("warehouse-unknown")).toHaveTextContent("Necunoscut în SmartBill");
    expect(within(await rowOf("Magazin Cluj")).queryByTestId("warehouse-unknown")).toBeNull();
  });

  it("fills an empty type with SmartBill's when its name is typed out in full, then picked", async () => {
    await connectToEmulator();
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await waitFor(() => expect(hint()).toHaveTextContent("Alegeți un depozit din SmartBill"));
    await userEvent.type(nameInput(), "Magazin Cluj");
    await userEvent.click(await screen.findByRole("option", { name: "Magazin Cluj" }));
    expect(within(form()).getByRole("combobox", { name: "Tip" })).toHaveTextContent("en detail");
    expect(hint()).toHaveTextContent("Depozit din SmartBill: stocul lui se poate importa.");
  });

  it("points out a name SmartBill spells otherwise (it compares names exactly)", async () => {
    await connectToEmulator();
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await waitFor(() => expect(hint()).toHaveTextContent("Alegeți un depozit din SmartBill"));
    await userEvent.type(nameInput(), "depozit central");
    await userEvent.keyboard("{Escape}");
    expect(hint()).toHaveTextContent("SmartBill scrie numele „Depozit Central”: importul stocului găsește doar numele scris exact așa.");
  });

  it("keeps what was typed and explains a refused duplicate", async () => {
    await connectToEmulator();
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<WarehouseScreen />);
    await screen.findByRole("region", { name: "Adaugă depozit" });
    await userEvent.click(within(form()).getByRole("button", { name: "Adaugă" }));
    expect(await within(form()).findByText("Completați numele și tipul depozitului.")).toBeInTheDocument();

    await waitFor(() => expect(hint()).toHaveTextContent("Alegeți un depozit din SmartBill"));
    await addWarehouse("Depozit Central", "en gros");
    expect(await screen.findByText("Depozitul a fost adăugat cu succes.")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Depozit Central" })).toBeInTheDocument();

    await addWarehouse("Depozit Central", "en detail");
    expect(
      await within(form()).findByText("Eroare la adăugarea depozitului. Există deja un depozit cu numele Depozit Central."),
    ).toBeInTheDocument();
    expect(nameInput()).toHaveValue("Depozit Central"); // nothing typed is lost
  });

  it("names a stock item's missing warehouse by its id ('depozitul #{id} nu mai există')", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, warehouseId: 9999 }}>
        <WarehouseNameField />
      </RecordContextProvider>,
    );
    expect(await screen.findByText("depozitul #9999 nu mai există")).toBeInTheDocument();
  });
});
