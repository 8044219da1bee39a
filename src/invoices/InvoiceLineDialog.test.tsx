/**
 * The product dialog on its own: a new line's defaults (unit 'buc', the invoice's currency,
 * 'Normala' at SmartBill's rate, quantity 1, no price, the first warehouse), its checks (amounts
 * as Romanians type them, a quantity above zero), the VAT that follows the tax, the prefilled
 * edit form, and Escape: it closes an untouched dialog and asks before dropping typed values.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
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

// No pause between keys: the checks are about what is typed, not how fast.
const user = userEvent.setup({ delay: null });
const save = (dialog: HTMLElement) => user.click(within(dialog).getByRole("button", { name: "Salvează" }));
async function typeInto(dialog: HTMLElement, label: RegExp, text: string) {
  const field = within(dialog).getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}
async function named(dialog: HTMLElement) {
  await typeInto(dialog, /Denumire produs/, "Șurub M8");
  await typeInto(dialog, /Cod produs/, "SUR-8");
}

describe("the product dialog", () => {
  it("opens 'Adaugă Produs' at quantity 1 with no price, the provider's Normala rate and the first warehouse", async () => {
    const { dialog } = open();
    expect(within(dialog).getByText("Adaugă Produs")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("");
    expect(within(dialog).getByLabelText(/Cod produs/)).toHaveValue("");
    expect(within(dialog).getByLabelText(/Cantitate/)).toHaveValue("1");
    expect(within(dialog).getByLabelText(/Preț/)).toHaveValue("");
    expect(within(dialog).getByLabelText("UM")).toHaveValue("buc");
    expect(within(dialog).getByLabelText("Monedă")).toHaveValue("EUR");
    expect(within(dialog).getByRole("combobox", { name: "Taxă" })).toHaveTextContent("Normala (21%)");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("21");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveAttribute("readonly");
    expect(within(dialog).getByRole("combobox", { name: "Depozit" })).toHaveTextContent("Depozit Central");
    expect(within(dialog).getByRole("checkbox", { name: "Salvează în DB" })).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Serviciu" })).not.toBeChecked();
  });

  it("assumes Normala at 21 % (not the spec's 19) while SmartBill's tax list was never read", () => {
    const { dialog } = open({ taxes: FALLBACK_TAXES });
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("21");
  });

  it("requires name, code, quantity and price, and reads amounts as Romanians type them", async () => {
    const { dialog, onSave } = open();
    await typeInto(dialog, /Cantitate/, "");
    await save(dialog);
    expect(within(dialog).getAllByText("Câmp obligatoriu.")).toHaveLength(4);
    expect(onSave).not.toHaveBeenCalled();

    await named(dialog);
    await typeInto(dialog, /Cantitate/, "2,5");
    await typeInto(dialog, /Preț/, "1.234,5");
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Taxă" }));
    await userEvent.click(await screen.findByRole("option", { name: "Redusa (11%)" }));
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("11");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Serviciu" }));
    await save(dialog);
    expect(onSave).toHaveBeenCalledWith(
      {
        name: "Șurub M8",
        code: "SUR-8",
        quantity: 2.5,
        price: 1234.5,
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

  it("reads a price as typed: 5 000,00, 5000.50, 12,500; refuses 5.000 (ambiguous), words, 3 decimals and a negative, saying why", async () => {
    const { dialog, onSave } = open();
    await named(dialog);
    for (const [typed, price] of [["5 000,00", 5000], ["5000.50", 5000.5], ["12,500", 12.5]] as const) {
      await typeInto(dialog, /Preț/, typed);
      await save(dialog);
      expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ price, quantity: 1 }), undefined);
    }
    onSave.mockClear();
    for (const [typed, message] of [
      ["5.000", "„5.000” se poate citi ca mii sau cu zecimale. Scrieți 5000 sau 5,000."],
      ["doi", "„doi” nu este un număr. Scrieți, de exemplu, 1.234,56 sau 1234,56."],
      ["12,345", "Prețul are cel mult 2 zecimale."],
      ["-3", "Prețul nu poate fi negativ."],
    ]) {
      await typeInto(dialog, /Preț/, typed);
      await save(dialog);
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a quantity of zero or below: a storno reverses an invoice", async () => {
    const { dialog, onSave } = open();
    await named(dialog);
    await typeInto(dialog, /Preț/, "10");
    for (const typed of ["0", "-2", "0,000"]) {
      await typeInto(dialog, /Cantitate/, typed);
      await save(dialog);
      expect(
        within(dialog).getByText("Cantitatea trebuie să fie mai mare decât zero. Pentru a anula o factură emisă folosiți „Stornează”."),
      ).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it("edits a line prefilled as Romanians write it, its VAT the tax's in the list (a stale 19 shows and saves as 21), under its id", async () => {
    const line: InvoiceLine = {
      id: 77, invoiceId: 3, name: "Cablu", code: "CB1", quantity: 1234, price: 4299.9, measuringUnitName: "m", currency: "RON",
      taxName: "Normala", taxPercentage: 19, saveToDb: true, service: false, warehouseName: "Magazin",
    };
    const { dialog, onSave } = open({ line });
    expect(within(dialog).getByText("Editează Produs")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("Cablu");
    expect(within(dialog).getByLabelText(/Cantitate/)).toHaveValue("1234");
    expect(within(dialog).getByLabelText(/Preț/)).toHaveValue("4.299,90");
    expect(within(dialog).getByLabelText("Procent TVA")).toHaveValue("21");
    expect(within(dialog).getByRole("combobox", { name: "Depozit" })).toHaveTextContent("Magazin");
    await save(dialog);
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ name: "Cablu", quantity: 1234, price: 4299.9, taxName: "Normala", taxPercentage: 21, saveToDb: true }),
      77,
    );
  });

  it("closes on Escape when nothing was typed; a click beside it does nothing", async () => {
    const { dialog, onCancel } = open();
    const backdrop = document.querySelector(".MuiBackdrop-root");
    if (backdrop) fireEvent.click(backdrop);
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("asks on Escape before dropping typed values: 'Continuă editarea' keeps them, 'Renunță la ele' closes", async () => {
    const { dialog, onCancel, onSave } = open();
    await typeInto(dialog, /Denumire produs/, "Jumătate de linie");
    fireEvent.keyDown(dialog, { key: "Escape" });
    const ask = await screen.findByRole("dialog", { name: "Renunțați la ce ați scris?" });
    expect(within(ask).getByText("Valorile scrise în fereastră se pierd; produsul nu se salvează.")).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole("button", { name: "Continuă editarea" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Renunțați la ce ați scris?" })).toBeNull());
    expect(within(dialog).getByLabelText(/Denumire produs/)).toHaveValue("Jumătate de linie");
    expect(onCancel).not.toHaveBeenCalled();

    fireEvent.keyDown(dialog, { key: "Escape" });
    await userEvent.click(within(await screen.findByRole("dialog", { name: "Renunțați la ce ați scris?" })).getByRole("button", { name: "Renunță la ele" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("'Anulează' cancels at once", async () => {
    const { dialog, onCancel } = open();
    await typeInto(dialog, /Denumire produs/, "x");
    await userEvent.click(within(dialog).getByRole("button", { name: "Anulează" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
