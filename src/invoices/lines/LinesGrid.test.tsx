/**
 * The lines grid against the real server: a quantity edited in place and saved, the totals
 * following it; the spreadsheet's keyboard; a new line typed in the empty last row; a keystroke
 * in one line rendering that line only; a 400-line invoice rendering only what is on screen.
 * Blocks pasted from a spreadsheet, against the real server's paste: the good rows become lines
 * after the others, with or without a header row (Romanian or English); a row with a bad cell
 * stays as a row holding its text, the cell marked with the import's words. And a delete: gone at
 * once, back where it was with 'Anulează', gone on the server without it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { I18nProvider } from "react-admin";
import type { Invoice, InvoiceImportResult, InvoiceLine, TaxList } from "../../../contract/api";
import type { TaxRate } from "../../providers/customMethods";
import { i18nProvider } from "../../../i18n/i18nProvider";
import { xlsxOf } from "../../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../../test/helpers/liveServer";
import { renderWithAdmin } from "../../../test/helpers/renderWithAdmin";
import { dataProvider } from "../../providers/dataProvider";
import { httpClient } from "../../providers/httpClient";
import { InvoiceLines } from "../InvoiceLines";

let server: LiveServer;
let taxes: readonly TaxRate[];
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  taxes = (await httpClient<TaxList>("/api/smartbill/tax")).json.taxes;
  for (const product of [
    { code: "LAP-14", name: "Laptop 14 inch", unit: "buc", price: 3499.9, currency: "RON", taxName: "Normala", taxPercentage: 21, isService: false },
    { code: "MONT-1", name: "Montaj la client", unit: "ora", price: 150, currency: "EUR", taxName: "Redusa", taxPercentage: 11, isService: true },
  ]) {
    await dataProvider.create("products", { data: product });
  }
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const HEADER = ["Denumire produs", "Cod produs", "Cantitate", "Pret"];

/** An invoice imported through the live server's import, with these rows as its lines. */
async function importInvoice(rows: readonly (readonly unknown[])[]): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({}));
  form.append("file", new File([new Uint8Array(await xlsxOf([HEADER, ...rows]))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form }).catch((failure) => {
    throw new Error(JSON.stringify(failure.body).slice(0, 600));
  });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

const storedLines = async (id: number): Promise<InvoiceLine[]> => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json.products ?? [];

async function openLines(id: number, i18n: I18nProvider = i18nProvider, readOnly = false) {
  const lines = await storedLines(id);
  const changes: (readonly InvoiceLine[])[] = [];
  renderWithAdmin(
    <InvoiceLines invoiceId={id} lines={lines} onLinesChange={(now) => changes.push(now)} warehouses={[]} taxes={taxes} currency="RON" precision={2} readOnly={readOnly} />,
    { i18n },
  );
  await screen.findByRole("grid", { name: "Produse" });
  return changes;
}

const line = (n: number) => screen.getByRole("row", { name: `Linia ${n}` });
const cell = (n: number, field: string) => line(n).querySelector<HTMLElement>(`[data-field="${field}"]`)!;
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute("aria-describedby") ?? "");
/** The whole message shown for a cell, so that its column's name put again before it would show. */
const problemOf = (element: HTMLElement) => describedBy(element)?.textContent;
const totalGross = () => within(screen.getByTestId("totals-RON")).getAllByRole("cell")[3].textContent;

describe("the invoice lines grid", () => {
  it("edits a quantity in place, saves it to the server and updates the totals", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100], ["Mouse", "M1", 2, 10]]);
    const changes = await openLines(id);
    expect(totalGross()).toBe("145,20"); // (100 + 20) × 1,21

    await userEvent.click(cell(1, "quantity"));
    const input = screen.getByRole("textbox", { name: "Cantitate, linia 1" });
    await userEvent.clear(input);
    await userEvent.type(input, "2,5");
    expect(totalGross()).toBe("326,70"); // live while typing: (250 + 20) × 1,21
    await userEvent.keyboard("{Enter}");

    await waitFor(() => expect(line(1)).toHaveAttribute("data-state", "saved"));
    expect(cell(1, "quantity")).toHaveTextContent("2,5");
    expect((await storedLines(id))[0].quantity).toBe(2.5);
    expect(changes.at(-1)?.map((stored) => stored.quantity)).toEqual([2.5, 2]);
    // Enter moved to the same column one line down, not editing.
    expect(cell(2, "quantity")).toHaveFocus();
  });

  it("moves as a spreadsheet: Enter down, Tab right, Shift+Tab left, Esc cancels, typing starts editing", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100], ["Mouse", "M1", 2, 10]]);
    await openLines(id);
    await userEvent.click(cell(1, "name"));
    expect(screen.getByRole("textbox", { name: "Denumire produs, linia 1" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(cell(1, "name")).toHaveFocus();
    await userEvent.keyboard("{Tab}");
    expect(cell(1, "code")).toHaveFocus();
    await userEvent.keyboard("{Tab}");
    expect(cell(1, "quantity")).toHaveFocus();
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    expect(cell(1, "code")).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("textbox", { name: "Cod produs, linia 1" })).toHaveValue("L1");
    await userEvent.keyboard("{Enter}");
    expect(cell(2, "code")).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}{ArrowRight}");
    expect(cell(1, "quantity")).toHaveFocus();

    // A printable key replaces the content; Esc puts it back.
    await userEvent.keyboard("7");
    const quantity = screen.getByRole("textbox", { name: "Cantitate, linia 1" });
    expect(quantity).toHaveValue("7");
    await userEvent.keyboard("{Escape}");
    expect(cell(1, "quantity")).toHaveTextContent(/^1$/);
    expect(cell(1, "quantity")).toHaveFocus();
    // F2 edits keeping the content.
    await userEvent.keyboard("{F2}");
    expect(screen.getByRole("textbox", { name: "Cantitate, linia 1" })).toHaveValue("1");
    await userEvent.keyboard("{Escape}");
    expect(line(1)).toHaveAttribute("data-state", "saved");
  });

  it("starts a new line when typing in the empty last row, and saves it once it is valid", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    const changes = await openLines(id);
    const newLine = screen.getByTestId("new-line");
    await userEvent.click(newLine.querySelector<HTMLElement>('[data-field="name"]')!);
    await userEvent.keyboard("Cablu{Tab}C9{Tab}");
    expect(line(2)).toHaveAttribute("data-state", "new");
    expect(cell(2, "quantity")).toHaveTextContent("1");
    await userEvent.keyboard("{Tab}{Tab}");
    expect(cell(2, "price")).toHaveFocus();
    await userEvent.keyboard("12,5{Enter}");
    await waitFor(() => expect(line(2)).toHaveAttribute("data-state", "saved"));
    const stored = await storedLines(id);
    expect(stored.map((saved) => [saved.name, saved.code, saved.quantity, saved.price, saved.measuringUnitName])).toEqual([
      ["Laptop", "L1", 1, 100, "buc"],
      ["Cablu", "C9", 1, 12.5, "buc"],
    ]);
    expect(changes.at(-1)).toHaveLength(2);
    expect(screen.getAllByTestId("product-line")).toHaveLength(2);
  });

  it("fills a line from the catalogue product picked as its name is typed", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    await userEvent.click(screen.getByTestId("new-line").querySelector<HTMLElement>('[data-field="name"]')!);
    await userEvent.keyboard("montaj");
    const option = await screen.findByRole("option", { name: "MONT-1 · Montaj la client" }, { timeout: 5000 });
    expect(screen.queryByRole("option", { name: /LAP-14/ })).toBeNull();
    await userEvent.keyboard("{ArrowDown}");
    expect(option).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(line(2)).toHaveAttribute("data-state", "saved"));
    expect(cell(2, "code")).toHaveTextContent("MONT-1");
    expect(cell(2, "measuringUnitName")).toHaveTextContent("ora");
    expect(cell(2, "price")).toHaveTextContent("150,00");
    expect(cell(2, "taxPercentage")).toHaveTextContent("11");
    expect(cell(2, "service")).toHaveTextContent("da");
    const stored = (await storedLines(id))[1];
    expect([stored.name, stored.code, stored.quantity, stored.price, stored.currency, stored.taxName, stored.service]).toEqual(["Montaj la client", "MONT-1", 1, 150, "EUR", "Redusa", true]);
    expect(screen.getByTestId("totals-EUR")).toHaveTextContent("166,50");
  });

  it("marks a bad cell with the import's words and saves nothing until it is fixed", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    await userEvent.click(cell(1, "quantity"));
    await userEvent.keyboard("{Control>}a{/Control}doi{Enter}");
    expect(line(1)).toHaveAttribute("data-state", "invalid");
    expect(cell(1, "quantity")).toHaveAttribute("aria-invalid", "true");
    // Shown under its cell, which the message names itself: no 'Cantitate: ' before it.
    expect(problemOf(cell(1, "quantity"))).toBe("Cantitatea „doi” nu este un număr.");
    expect(within(line(1)).getByTestId("line-problems")).toHaveTextContent(/^Cantitatea „doi” nu este un număr\.$/);
    expect(cell(1, "quantity")).toHaveAttribute("title", "Cantitatea „doi” nu este un număr.");
    expect(cell(1, "quantity")).toHaveTextContent("doi"); // kept as typed
    expect((await storedLines(id))[0].quantity).toBe(1);

    await userEvent.click(cell(1, "quantity"));
    await userEvent.keyboard("{Control>}a{/Control}3{Enter}");
    await waitFor(() => expect(line(1)).toHaveAttribute("data-state", "saved"));
    expect(cell(1, "quantity")).not.toHaveAttribute("aria-invalid");
    expect((await storedLines(id))[0].quantity).toBe(3);
  });

  it("warns before the page is left while a line is not saved", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    const leave = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await userEvent.click(cell(1, "price"));
    await userEvent.keyboard("{Control>}a{/Control}{Backspace}{Enter}");
    expect(line(1)).toHaveAttribute("data-state", "invalid");
    expect(problemOf(cell(1, "price"))).toBe("Prețul lipsește.");
    expect(leave()).toBe(true);
    await userEvent.click(cell(1, "price"));
    await userEvent.keyboard("90{Enter}");
    await waitFor(() => expect(line(1)).toHaveAttribute("data-state", "saved"));
    expect(leave()).toBe(false);
  });

  it("shows a sent invoice's lines with nothing to edit", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id, i18nProvider, true);
    expect(cell(1, "name")).toHaveTextContent("Laptop");
    await userEvent.click(cell(1, "quantity"));
    await userEvent.keyboard("{Enter}5");
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByTestId("new-line")).toBeNull();
    expect(screen.queryByRole("button", { name: /Șterge/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Adaugă Produs" })).toBeNull();
    expect(cell(1, "quantity")).toHaveTextContent(/^1$/);
  });

  it("renders only the line typed in (and the totals) at each keystroke, and in that line not its buttons", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100], ["Mouse", "M1", 2, 10], ["Cablu", "C1", 3, 5]]);
    const renders: number[] = [];
    const translated: string[] = [];
    const counting: I18nProvider = {
      ...i18nProvider,
      translate: (key, options) => {
        translated.push(key);
        if (key === "resources.invoices.lines.row") renders.push((options as { n: number }).n);
        return i18nProvider.translate(key, options);
      },
    };
    await openLines(id, counting);
    expect(new Set(renders)).toEqual(new Set([1, 2, 3]));
    await userEvent.click(cell(2, "quantity"));
    const input = screen.getByRole("textbox", { name: "Cantitate, linia 2" });
    renders.length = 0;
    translated.length = 0;
    await userEvent.type(input, "5");
    await userEvent.type(input, "0");
    expect(renders.length).toBeGreaterThan(0);
    expect(renders.filter((n) => n !== 2)).toEqual([]);
    // The row's 'Editează'/'Șterge' buttons and the totals' header are not rendered again.
    expect(translated.filter((key) => key === "resources.invoices.lines.delete" || key === "resources.invoices.totals.net")).toEqual([]);
    expect(totalGross()).toBe("3.164,15"); // (100 + 250 × 10 + 15) × 1,21
    expect(within(line(2)).getByTestId("line-total")).toHaveTextContent("3.025,00");
  });

  it("renders far fewer rows than a 400-line invoice has", async () => {
    const id = await importInvoice(Array.from({ length: 400 }, (_, i) => [`Produs ${i + 1}`, `P${i + 1}`, 1, 10]));
    let rowRenders = 0;
    const counting: I18nProvider = {
      ...i18nProvider,
      translate: (key, options) => {
        if (key === "resources.invoices.lines.row") rowRenders += 1;
        return i18nProvider.translate(key, options);
      },
    };
    await openLines(id, counting);
    expect(within(screen.getByTestId("totals-RON")).getByText("4.840,00")).toBeInTheDocument();
    const shown = screen.getAllByTestId("product-line").length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(40);
    expect(rowRenders).toBeLessThan(100);
    expect(screen.getByRole("grid", { name: "Produse" })).toHaveAttribute("aria-rowcount", "402");
  });
});

const names = (lines: readonly InvoiceLine[]) => lines.map((stored) => [stored.name, stored.code, stored.quantity, stored.price]);

/** The focus on line 1's name, not editing (a click edits, Esc leaves the cell focused). */
async function focusFirstCell() {
  await userEvent.click(cell(1, "name"));
  await userEvent.keyboard("{Escape}");
  expect(cell(1, "name")).toHaveFocus();
}

describe("pasting rows copied from a spreadsheet", () => {
  it("adds a block without a header row after the lines, in the template's column order", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    await focusFirstCell();
    await userEvent.paste("Cablu\tC1\t2\t10\r\nHusă\tH1\t1\t25,50\r\n");
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(3));
    expect(cell(3, "name")).toHaveTextContent("Husă");
    expect(line(3)).toHaveAttribute("data-state", "saved");
    expect(names(await storedLines(id))).toEqual([["Laptop", "L1", 1, 100], ["Cablu", "C1", 2, 10], ["Husă", "H1", 1, 25.5]]);
    expect(within(screen.getByTestId("totals-RON")).getAllByRole("cell")[1]).toHaveTextContent("145,50");
  });

  it("maps the columns by a Romanian or an English header row, even pasted while a cell is being edited", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    await userEvent.click(cell(1, "quantity"));
    expect(screen.getByRole("textbox", { name: "Cantitate, linia 1" })).toHaveFocus();
    await userEvent.paste("Cod produs\tDenumire produs\tPreț\tCantitate\nC1\tCablu\t10\t2");
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(2));
    expect(cell(1, "quantity")).toHaveTextContent(/^1$/); // the cell's edit given up, not the block typed into it

    await focusFirstCell();
    await userEvent.paste("Quantity\tPrice\tProduct name\tProduct code\n3\t1,234.50\tMonitor\tM1\n");
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(3));
    expect(names(await storedLines(id))).toEqual([["Laptop", "L1", 1, 100], ["Cablu", "C1", 2, 10], ["Monitor", "M1", 3, 1234.5]]);
  });

  it("adds the good rows and keeps a refused row as a row holding its text, its bad cell marked", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100]]);
    await openLines(id);
    await focusFirstCell();
    await userEvent.paste("Bun\tB1\t1\t5\nRău\tR1\tdoi\t5\nAlt bun\tA1\t2\t3\n");
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(4));
    expect(names(await storedLines(id))).toEqual([["Laptop", "L1", 1, 100], ["Bun", "B1", 1, 5], ["Alt bun", "A1", 2, 3]]);
    const refused = screen.getAllByTestId("product-line").find((row) => row.dataset.state === "invalid")!;
    const quantity = refused.querySelector<HTMLElement>('[data-field="quantity"]')!;
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveTextContent("doi");
    expect(problemOf(quantity)).toBe("Cantitatea „doi” nu este un număr.");
    expect(within(refused).getByTestId("line-problems")).toHaveTextContent(/^Cantitatea „doi” nu este un număr\.$/);
    expect(refused.querySelector('[data-field="name"]')).toHaveTextContent("Rău");
    expect(refused.querySelector('[data-field="name"]')).not.toHaveAttribute("aria-invalid");

    // Fixed in place, it is saved as a new line.
    await userEvent.click(quantity);
    await userEvent.keyboard("{Control>}a{/Control}4{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("product-line").filter((row) => row.dataset.state === "saved")).toHaveLength(4));
    expect(names(await storedLines(id)).at(-1)).toEqual(["Rău", "R1", 4, 5]);
  });
});

describe("deleting a line", () => {
  it("takes it away at once and puts it back where it was with 'Anulează', never deleting it on the server", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100], ["Mouse", "M1", 2, 10], ["Cablu", "C1", 3, 5]]);
    await openLines(id);
    await userEvent.click(screen.getByRole("button", { name: "Șterge Mouse" }));
    expect(screen.getAllByTestId("product-line")).toHaveLength(2);
    expect(await screen.findByText("Produsul „Mouse” a fost șters.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Anulează" }));
    await waitFor(() => expect(screen.getAllByTestId("product-line")).toHaveLength(3));
    expect(cell(2, "name")).toHaveTextContent("Mouse");
    await waitFor(() => expect(screen.queryByText("Produsul „Mouse” a fost șters.")).not.toBeInTheDocument());
    expect(names(await storedLines(id))).toHaveLength(3);
  });

  it("deletes it on the server once the notification closes (Ctrl+Delete from the keyboard)", async () => {
    const id = await importInvoice([["Laptop", "L1", 1, 100], ["Mouse", "M1", 2, 10]]);
    await openLines(id);
    await userEvent.click(cell(2, "code"));
    await userEvent.keyboard("{Escape}{Control>}{Delete}{/Control}");
    expect(screen.getAllByTestId("product-line")).toHaveLength(1);
    expect(await screen.findByText("Produsul „Mouse” a fost șters.")).toBeInTheDocument();
    expect(names(await storedLines(id))).toHaveLength(2); // not yet: it can still be undone
    await waitFor(async () => expect(names(await storedLines(id))).toEqual([["Laptop", "L1", 1, 100]]), { timeout: 10_000 });
    expect(screen.getAllByTestId("product-line")).toHaveLength(1);
  });
});
