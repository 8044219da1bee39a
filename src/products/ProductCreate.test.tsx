/**
 * 'Adaugă produs' against the live server: a product without a code is refused on the form, with
 * a sentence saying what is missing, and nothing is saved; a taken code gets the server's reason.
 * The price is typed as Romanians write it, or left empty (not set); a product saved with an old
 * VAT rate shows and saves its tax's rate in SmartBill's list.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { ProductCreate } from "./ProductCreate";
import { ProductEdit } from "./ProductEdit";
import { ProductList } from "./ProductList";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
let stale: { id: number };
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  // Saved before the tenant's SmartBill tax list is known (nothing to check it against): 19 % beside
  // 'Normala', as the stock import stored products before the correction.
  await signInLive("facturare@demo.ro");
  ({ data: stale } = await dataProvider.create("products", {
    data: { code: "VECHI-19", name: "Cota veche", unit: "buc", price: 10, currency: "RON", taxName: "Normala", taxPercentage: 19, isService: false },
  }));
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
    expect((await catalogue()).map((row) => row.name)).not.toContain("Laptop");
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

  it("reads the price as Romanians type it and refuses an ambiguous one", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ProductCreate />, { path: "/products/create" });
    await userEvent.type(await screen.findByLabelText("Cod produs *"), "PRET-1");
    await userEvent.type(screen.getByLabelText("Denumire produs *"), "Cu preț");
    await userEvent.type(screen.getByLabelText("Preț"), "5.000");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("„5.000” se poate citi ca mii sau cu zecimale. Scrieți 5000 sau 5,000.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Preț"));
    await userEvent.type(screen.getByLabelText("Preț"), "1.234,50");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    expect((await catalogue()).find((row) => row.code === "PRET-1")).toMatchObject({ price: 1234.5 });
  });

  it("saves a product without a price as not set", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ProductCreate />, { path: "/products/create" });
    await userEvent.type(await screen.findByLabelText("Cod produs *"), "FARA-PRET");
    await userEvent.type(screen.getByLabelText("Denumire produs *"), "Fără preț");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    expect((await catalogue()).find((row) => row.code === "FARA-PRET")).toMatchObject({ price: null });
  });

  it("shows a product saved at an old VAT rate with its tax's rate in SmartBill's list, and saves that", async () => {
    await signInLive("facturare@demo.ro");
    expect((await catalogue()).find((row) => row.code === "VECHI-19")).toMatchObject({ taxPercentage: 19 });
    renderWithAdmin(<ProductEdit />, { path: `/products/${stale.id}`, route: "/products/:id" });
    expect(await screen.findByDisplayValue("10,00")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Procent TVA")).toHaveValue(21));
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    await waitFor(async () => expect((await catalogue()).find((row) => row.code === "VECHI-19")).toMatchObject({ taxPercentage: 21 }));
  });

  it("lists a product without a price as 'nestabilit'", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ProductList />, { path: "/products" });
    const row = (await screen.findByText("FARA-PRET")).closest("tr")!;
    expect(within(row).getByText("nestabilit")).toBeInTheDocument();
  });
});
