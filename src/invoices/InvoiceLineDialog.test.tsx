/**
 * The product dialog on its own: the spec's defaults for a new line (unit 'buc', the invoice's
 * currency, 'Normala' at SmartBill's rate, quantity and price 0, the first warehouse), its
 * checks, the prefilled edit form, and that neither Escape nor the backdrop closes it.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import type { InvoiceLine, Warehouse } from "../../contract/api";
import { InvoiceLineDialog } from "./InvoiceLineDialog";
import { FALLBACK_TAXES } from "./taxRates";

const warehouses: Warehouse[] = [
  { id: 4, warehouseName: "Depozit Central", warehouseType: "en gros" },
  { id: 5, warehouseName: "Magazin", warehouseType: "en detail" },
];
const taxes = [
  { name: "Normala", percentage: 21 },
  { name: "Redusa", percentage: 11 },
];

function open(props: Partial<Parameters<typeof InvoiceLineDialog>[0]> = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderWithAdmin(
    <InvoiceLineDialog line={null} warehouses={warehouses} taxes={taxes} currency="EUR" onCancel={onCancel} onSave={onSave} {...props} />,
  );
  return { onSave, onCancel, dialog: screen.getByRole("dialog") };
}

describe("the product dialog", () => {
  it("opens 'Adaugă Produs' with the spec's defaults, the provider's Normala rate and the first warehouse", async () => {
    const { dialog } = open();
    expect(within(dialog).getByText("Adaugă Produs")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("");
    expect(within(dialog).getByLabelText(/Cod produs/)).toHaveValue("");
    expect(within(dialog).getByLabelText(/Cantitate/)).toHaveValue("0");
    expect(within(dialog).getByLabelText(/Preț/)).toHaveValue("0");
    expect(within(dialog).getByLabelText("UM")).toHaveValue("buc");
    expect(within(dialog).getByLabelText("Monedă")).toHaveValue("EUR");
    expect(within(dialog).getByRole("combobox", { name: "Taxă" })).toHaveTextContent("Normala (21%)");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("21");
    expect(within(dialog).getByRole("combobox", { name: "Depozit" })).toHaveTextContent("Depozit Central");
    expect(within(dialog).getByRole("checkbox", { name: "Salvează în DB" })).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Serviciu" })).not.toBeChecked();
  });

  it("falls back to Normala 19 when SmartBill's tax list could not be read", () => {
    const { dialog } = open({ taxes: FALLBACK_TAXES });
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("19");
  });

  it("requires name, code, quantity and price, numbers with at most 2 decimals for the price", async () => {
    const { dialog, onSave } = open();
    await userEvent.clear(within(dialog).getByLabelText(/Cantitate/));
    await userEvent.clear(within(dialog).getByLabelText(/Preț/));
    await userEvent.type(within(dialog).getByLabelText(/Preț/), "12,345");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(within(dialog).getAllByText("Câmp obligatoriu.")).toHaveLength(3);
    expect(within(dialog).getByText("Prețul are cel mult 2 zecimale.")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/Denumire produs/), "Șurub M8");
    await userEvent.type(within(dialog).getByLabelText(/Cod produs/), "SUR-8");
    await userEvent.type(within(dialog).getByLabelText(/Cantitate/), "abc");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(within(dialog).getByText("Introduceți un număr.")).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/Cantitate/));
    await userEvent.type(within(dialog).getByLabelText(/Cantitate/), "2,5");
    await userEvent.clear(within(dialog).getByLabelText(/Preț/));
    await userEvent.type(within(dialog).getByLabelText(/Preț/), "12,35");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Taxă" }));
    await userEvent.click(await screen.findByRole("option", { name: "Redusa (11%)" }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Serviciu" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(onSave).toHaveBeenCalledWith(
      {
        name: "Șurub M8",
        code: "SUR-8",
        quantity: 2.5,
        price: 12.35,
        measuringUnitName: "buc",
        currency: "EUR",
        taxName: "Redusa",
        taxPercentage: 11,
        saveToDb: false,
        service: true,
        warehouseName: "Depozit Central",
      },
      undefined,
    );
  });

  it("edits a line prefilled, saving under its id", async () => {
    const line: InvoiceLine = {
      id: 77, invoiceId: 3, name: "Cablu", code: "CB1", quantity: 3, price: 9.5, measuringUnitName: "m", currency: "RON",
      taxName: "Normala", taxPercentage: 21, saveToDb: true, service: false, warehouseName: "Magazin",
    };
    const { dialog, onSave } = open({ line });
    expect(within(dialog).getByText("Editează Produs")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("Cablu");
    expect(within(dialog).getByRole("combobox", { name: "Depozit" })).toHaveTextContent("Magazin");
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: "Cablu", quantity: 3, price: 9.5, saveToDb: true }), 77);
  });

  it("stays open on Escape and on a click beside it; 'Anulează' cancels", async () => {
    const { dialog, onCancel } = open();
    fireEvent.keyDown(dialog, { key: "Escape" });
    const backdrop = document.querySelector(".MuiBackdrop-root");
    if (backdrop) fireEvent.click(backdrop);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Anulează" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
