/**
 * 'Adaugă produs' against the live server: a product without a code is refused on the form, with
 * a sentence saying what is missing, and nothing is saved; a taken code gets the server's reason.
 */
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { ProductCreate } from "./ProductCreate";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

const catalogue = async () =>
  (await dataProvider.getList("products", { pagination: { page: 1, perPage: 50 }, sort: { field: "code", order: "ASC" }, filter: {} })).data;

describe("adding a product", () => {
  it("refuses an empty code with a clear sentence, saving nothing", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ProductCreate />, { path: "/products/create" });
    await userEvent.type(await screen.findByLabelText("Denumire produs *"), "Laptop");
    await userEvent.type(screen.getByLabelText("Cod produs *"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Introduceți codul produsului.")).toBeInTheDocument();
    expect(await catalogue()).toEqual([]);
  });

  it("saves a product with the tax chosen from SmartBill's list, and explains a code already taken", async () => {
    // The demo tenant's SmartBill: the live server's own emulator, whose company has 2026's rates.
    await signInLive("admin@demo.ro");
    await dataProvider.update("properties", {
      id: "smartbill.url",
      data: { value: `${server.url}/smartbill-emulator/SBORO/api` },
      previousData: { id: "smartbill.url" },
    });
    await signInLive("facturare@demo.ro");
    await dataProvider.create("products", {
      data: { code: "LAP-1", name: "Laptop", unit: "buc", price: 1, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: false },
    });
    const { router } = renderWithAdmin(<ProductCreate />, { path: "/products/create" });
    await userEvent.type(await screen.findByLabelText("Cod produs *"), "LAP-1");
    await userEvent.type(screen.getByLabelText("Denumire produs *"), "Alt laptop");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Există deja un produs cu acest cod în nomenclator.")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Cod produs *"));
    await userEvent.type(screen.getByLabelText("Cod produs *"), "LAP-2");
    await userEvent.click(screen.getByRole("combobox", { name: /Taxă/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Redusa (11%)" }));
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products");
    expect((await catalogue()).find((row) => row.code === "LAP-2")).toMatchObject({ name: "Alt laptop", taxName: "Redusa", taxPercentage: 11, unit: "buc", currency: "RON" });
  });
});
