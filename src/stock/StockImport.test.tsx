import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import { StockImport } from "./StockImport";

const api = dataProvider as AppDataProvider;

// The server answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  // The demo company connected to the server's own SmartBill emulator, with a warehouse it knows and one it does not.
  await signInLive("admin@demo.ro");
  await api.saveSmartBillConnection({
    username: "facturare@demo.ro",
    token: "demo-smartbill-token-0001",
    cif: "RO40671760",
    url: `${server.url}/smartbill-emulator/SBORO/api`,
  });
  for (const warehouseName of ["Depozit Central", "Depozit Fantomă"]) {
    await api.create("warehouses", { data: { warehouseName, warehouseType: "en gros" } });
  }
});
afterAll(() => server.close());

describe("the stock import screen", () => {
  it("points out a warehouse whose name SmartBill does not know before the import is asked for", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<StockImport />);
    const choose = async (name: string) => {
      await userEvent.click(await screen.findByRole("combobox", { name: "Depozit" }));
      await userEvent.click(await screen.findByRole("option", { name }));
    };
    await choose("Depozit Fantomă");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "SmartBill nu are un depozit numit „Depozit Fantomă” (sau depozitul nu are încă niciun produs): importul nu va găsi nimic. Corectați numele în „Management Depozite”.",
    );
    await choose("Depozit Central");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(within(document.body).getByRole("button", { name: "Import Stoc" })).toBeEnabled();
  });
});
