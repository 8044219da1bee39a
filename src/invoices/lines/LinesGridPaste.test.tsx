/**
 * Blocks pasted from a spreadsheet into the lines grid, against the real server's paste: the good
 * rows become lines after the others, with or without a header row (Romanian or English); a row
 * with a bad cell stays as a row holding its text, the cell marked with the import's words.
 * And a delete: gone at once, back where it was with 'Anulează', gone on the server without it.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Invoice, InvoiceImportResult, InvoiceLine, TaxList } from "../../../contract/api";
import { xlsxOf } from "../../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../../test/helpers/liveServer";
import { renderWithAdmin } from "../../../test/helpers/renderWithAdmin";
import { httpClient } from "../../providers/httpClient";
import type { TaxRate } from "../../providers/customMethods";
import { InvoiceLines } from "../InvoiceLines";

let server: LiveServer;
let taxes: readonly TaxRate[];
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  taxes = (await httpClient<TaxList>("/api/smartbill/tax")).json.taxes;
}, 60_000);
afterAll(() => server.close(), 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

async function importInvoice(rows: readonly (readonly unknown[])[]): Promise<number> {
  const form = new FormData();
  form.append("payload", JSON.stringify({}));
  form.append("file", new File([new Uint8Array(await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret"], ...rows]))], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
  return json.importRequestId!;
}

const storedLines = async (id: number): Promise<InvoiceLine[]> => (await httpClient<Invoice>(`/api/smartbill/invoice/${id}`)).json.products ?? [];

async function openLines(id: number) {
  renderWithAdmin(
    <InvoiceLines invoiceId={id} lines={await storedLines(id)} warehouses={[]} taxes={taxes} currency="RON" precision={2} readOnly={false} />,
  );
  await screen.findByRole("grid", { name: "Produse" });
}

const line = (n: number) => screen.getByRole("row", { name: `Linia ${n}` });
const cell = (n: number, field: string) => line(n).querySelector<HTMLElement>(`[data-field="${field}"]`)!;
const describedBy = (element: HTMLElement) => document.getElementById(element.getAttribute("aria-describedby") ?? "");
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
    expect(describedBy(quantity)).toHaveTextContent("Cantitatea „doi” nu este un număr.");
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
