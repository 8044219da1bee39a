/**
 * 'Nomenclator produse' against the live server: an empty catalogue invites the first product;
 * products show as rows, found by the search.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { formulaLikeCells, sheetJsRead } from "../../test/helpers/csvReaders";
import { captureDownloads } from "../../test/helpers/downloads";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { ProductList } from "./ProductList";

// The server answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

const product = (code: string, name: string, isService = false) => ({
  code,
  name,
  unit: isService ? "ore" : "buc",
  price: 12.5,
  currency: "RON",
  taxName: "Normala",
  taxPercentage: 21,
  isService,
});

describe("the product catalogue list", () => {
  it("says an empty catalogue holds nothing yet and leads to adding a product", async () => {
    await signInLive("facturare@demo.ro");
    const { router } = renderWithAdmin(<ProductList />, { path: "/products" });
    const empty = await screen.findByTestId("list-empty");
    expect(within(empty).getByText("Nomenclatorul nu are încă produse.")).toBeInTheDocument();
    await userEvent.click(within(empty).getByRole("link", { name: "Adaugă produs" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/products/create"));
  });

  it("shows the products as rows with their labelled columns, and finds one by its name", async () => {
    await signInLive("facturare@demo.ro");
    await dataProvider.create("products", { data: product("CAB-1", "Cablu rețea Cat6") });
    await dataProvider.create("products", { data: product("MON-1", "Montaj rețea", true) });
    renderWithAdmin(<ProductList />, { path: "/products" });
    expect(await screen.findByRole("cell", { name: "Cablu rețea Cat6" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "MON-1" })).toBeInTheDocument();
    for (const header of ["Cod produs", "Denumire produs", "UM", "Preț", "Monedă", "Taxă", "Procent TVA", "Serviciu"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    await userEvent.type(screen.getByPlaceholderText("Caută după cod sau denumire"), "montaj");
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Cablu rețea Cat6" })).not.toBeInTheDocument());
    expect(screen.getByRole("cell", { name: "Montaj rețea" })).toBeInTheDocument();
  });

  it("exports the searched catalogue as a CSV file Excel opens, with the screen's column names", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ProductList />, { path: "/products" });
    await userEvent.type(await screen.findByPlaceholderText("Caută după cod sau denumire"), "cablu");
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Montaj rețea" })).not.toBeInTheDocument());
    expect(screen.getByRole("cell", { name: "Cablu rețea Cat6" })).toBeInTheDocument();
    const downloads = captureDownloads();
    try {
      const csv = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Exportă" })));
      expect(csv.filename).toBe("nomenclator-produse.csv");
      // The byte-order mark stays: Blob.text() would drop it.
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.blob.arrayBuffer());
      expect(text.split("\r\n")).toEqual([
        '\uFEFF"Cod produs";"Denumire produs";"UM";"Preț";"Monedă";"Taxă";"Procent TVA";"Serviciu"',
        '"CAB-1";"Cablu rețea Cat6";"buc";12,5;"RON";"Normala";21;"Nu"',
        "",
      ]);
    } finally {
      downloads.restore();
    }
  });

  it("exports a name typed as a formula after a comma so that no spreadsheet runs it, read with ';' or ','", async () => {
    await signInLive("facturare@demo.ro");
    await dataProvider.create("products", { data: product("-SONDA", "Sonda,=cmd|' /C calc'!A0,+1") });
    renderWithAdmin(<ProductList />, { path: "/products" });
    await userEvent.type(await screen.findByPlaceholderText("Caută după cod sau denumire"), "sonda");
    // The search's answer on screen: the other products gone (a busy machine renders slowly).
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Cablu rețea Cat6" })).not.toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByRole("cell", { name: "-SONDA" })).toBeInTheDocument();
    const downloads = captureDownloads();
    try {
      const csv = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Exportă" })));
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.blob.arrayBuffer());
      expect(formulaLikeCells(text)).toEqual([]);
      expect(sheetJsRead(text, ";").rows[1]).toEqual(["'-SONDA", "Sonda,'=cmd|' /C calc'!A0,'+1", "buc", "12,5", "RON", "Normala", "21", "Nu"]);
    } finally {
      downloads.restore();
    }
  });
});
