/**
 * The invoice line dialog fills a line from the tenant's catalogue ('Nomenclator produse'), against
 * the live server: typing part of a code or a name offers the matching products, and choosing one
 * fills code, name, unit, price, currency, tax and the service flag, keeping quantity and warehouse;
 * the VAT is the tax's in SmartBill's list, and a product without a price leaves it to be typed.
 */
import { configure, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Warehouse } from "../../contract/api";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { InvoiceLineDialog } from "./InvoiceLineDialog";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await signInLive("facturare@demo.ro");
  // Each test signs in afresh (the test set-up clears the browser's storage after each one).
  for (const product of [
    { code: "LAP-14", name: "Laptop 14 inch", unit: "buc", price: 3499.9, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: false },
    { code: "MONT-1", name: "Montaj la client", unit: "ora", price: 150, currency: "EUR", taxName: "Redusa", taxPercentage: 11, isService: true },
    // As the stock import added products before: no price of its own, VAT at the old 19 %.
    { code: "STOC-9", name: "Produs din stoc", unit: "buc", price: null, currency: "RON", taxName: "Normala", taxPercentage: 19, isService: false },
  ]) {
    await dataProvider.create("products", { data: product });
  }
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const warehouses: Warehouse[] = [{ id: 4, warehouseName: "Depozit Central", warehouseType: "en gros" }];
const taxes = [
  { name: "Normala", percentage: 21 },
  { name: "Redusa", percentage: 11 },
];

describe("a line from the catalogue", () => {
  it("offers the products matching what is typed and fills the line from the one chosen", async () => {
    const onSave = vi.fn();
    renderWithAdmin(<InvoiceLineDialog line={null} warehouses={warehouses} taxes={taxes} currency="RON" onCancel={vi.fn()} onSave={onSave} />);
    const dialog = screen.getByRole("dialog");
    await userEvent.clear(within(dialog).getByLabelText(/Cantitate/));
    await userEvent.type(within(dialog).getByLabelText(/Cantitate/), "3");
    await userEvent.type(within(dialog).getByRole("combobox", { name: "Din nomenclator (cod sau denumire)" }), "montaj");

    const option = await screen.findByRole("option", { name: "MONT-1 · Montaj la client" });
    expect(screen.queryByRole("option", { name: /LAP-14/ })).toBeNull();
    await userEvent.click(option);

    expect(within(dialog).getByLabelText(/Cod produs/)).toHaveValue("MONT-1");
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("Montaj la client");
    expect(within(dialog).getByLabelText("UM")).toHaveValue("ora");
    expect(within(dialog).getByLabelText(/Preț/)).toHaveValue("150,00");
    expect(within(dialog).getByLabelText("Monedă")).toHaveValue("EUR");
    expect(within(dialog).getByRole("combobox", { name: "Taxă" })).toHaveTextContent("Redusa (11%)");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("11");
    expect(within(dialog).getByRole("checkbox", { name: "Serviciu" })).toBeChecked();
    expect(within(dialog).getByLabelText(/Cantitate/)).toHaveValue("3");

    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ code: "MONT-1", name: "Montaj la client", quantity: 3, price: 150, service: true, warehouseName: "Depozit Central" }),
      undefined,
    );
  });

  it("takes the VAT of the product's tax in SmartBill's list, not the percent it stored, and asks for a price it has not", async () => {
    const onSave = vi.fn();
    renderWithAdmin(<InvoiceLineDialog line={null} warehouses={warehouses} taxes={taxes} currency="RON" onCancel={vi.fn()} onSave={onSave} />);
    const dialog = screen.getByRole("dialog");
    await userEvent.type(within(dialog).getByRole("combobox", { name: "Din nomenclator (cod sau denumire)" }), "STOC-9");
    await userEvent.click(await screen.findByRole("option", { name: "STOC-9 · Produs din stoc" }));
    expect(within(dialog).getByRole("combobox", { name: "Taxă" })).toHaveTextContent("Normala (21%)");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("21");
    expect(within(dialog).getByLabelText(/Preț/)).toHaveValue("");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(within(dialog).getByText("Câmp obligatoriu.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Preț/), "99,90");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ code: "STOC-9", price: 99.9, taxName: "Normala", taxPercentage: 21 }), undefined);
  });

  it("says so when no product matches", async () => {
    renderWithAdmin(<InvoiceLineDialog line={null} warehouses={warehouses} taxes={taxes} currency="RON" onCancel={vi.fn()} onSave={vi.fn()} />);
    await userEvent.type(screen.getByRole("combobox", { name: "Din nomenclator (cod sau denumire)" }), "nimic-asemanator");
    expect(await screen.findByText("Niciun produs din nomenclator nu se potrivește.")).toBeInTheDocument();
    expect(screen.queryByText("Eroare la preluarea nomenclatorului.")).toBeNull();
  });
});
