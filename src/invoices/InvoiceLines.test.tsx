/**
 * The 'Produse' tab's failures against the real server: a line the server does not know cannot be
 * added, updated or deleted, and each says so with the spec's own message; the lines stay as they
 * were. Also the column tooltips, and amounts and quantities written as Romanians write them.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InvoiceLine } from "../../contract/api";
import { type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { InvoiceLines } from "./InvoiceLines";
import { FALLBACK_TAXES } from "./taxRates";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

/** A line of an invoice the server does not have: every call about it fails (404). */
const ghost: InvoiceLine = {
  id: 987_654, invoiceId: 987_654, name: "Fantomă", code: "F1", quantity: 1, price: 10, measuringUnitName: "buc",
  currency: "RON", taxName: "Normala", taxPercentage: 19, saveToDb: false, service: true, warehouseName: "",
};

function Lines({ start = [ghost] }: { start?: InvoiceLine[] }) {
  return (
    <InvoiceLines invoiceId={ghost.invoiceId} lines={start} warehouses={[]} taxes={FALLBACK_TAXES}
      currency="RON" precision={2} readOnly={false} />
  );
}

describe("the invoice lines tab", () => {
  it("says 'Eroare la adăugarea / actualizarea / ștergerea produsului.' and keeps the lines", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<Lines />);
    const rows = () => screen.getAllByTestId("product-line");

    await userEvent.click(screen.getByRole("button", { name: "Adaugă Produs" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Denumire produs" }), "Nou");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Cod produs" }), "N1");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Preț" }), "1"); // a new line has no price
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText(/^Eroare la adăugarea produsului\./)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Editează Fantomă" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText(/^Eroare la actualizarea produsului\./)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);

    // Edited in place in the grid: refused the same way, the line kept.
    await userEvent.click(rows()[0].querySelector<HTMLElement>('[data-field="quantity"]')!);
    await userEvent.type(screen.getByRole("textbox", { name: "Cantitate, linia 1" }), "2{Enter}");
    expect(await screen.findByText(/^Eroare la actualizarea produsului\./)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);

    vi.spyOn(window, "confirm").mockReturnValue(true);
    await userEvent.click(screen.getByRole("button", { name: "Șterge Fantomă" }));
    // Gone at once with an undo; the DELETE goes when the notification closes (a click elsewhere closes it).
    await userEvent.click(await screen.findByText("Produsul „Fantomă” a fost șters."));
    await userEvent.click(document.body);
    expect(await screen.findByText("Eroare la ștergerea produsului.", {}, { timeout: 8000 })).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  it("writes prices with 2 decimals and quantities and VAT with the decimals they have, as Romanians write them", async () => {
    await signInLive("facturare@demo.ro");
    const laptop = { ...ghost, name: "Laptop", quantity: 1.5, price: 4299.9, taxPercentage: 21 };
    const paper = { ...ghost, id: ghost.id + 1, name: "Hârtie", quantity: 1000, price: 2, taxPercentage: 5.5 };
    renderWithAdmin(<Lines start={[laptop, paper]} />);
    const shown = (row: HTMLElement, field: string) => within(row).getAllByRole("gridcell").find((cell) => cell.dataset.field === field)?.textContent;
    const [first, second] = screen.getAllByTestId("product-line").map((row) => ["quantity", "price", "taxPercentage"].map((field) => shown(row, field)));
    expect([first[0], first[1], first[2]]).toEqual(["1,5", "4.299,90", "21"]);
    expect([second[0], second[1], second[2]]).toEqual(["1.000", "2,00", "5,5"]);
  });

  it("explains the service and catalogue columns in tooltips", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<Lines />);
    await userEvent.hover(screen.getByText("Serviciu"));
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Serviciu prestat (da) sau produs finit (-)");
    await userEvent.unhover(screen.getByText("Serviciu"));
    await userEvent.hover(screen.getByText("Salvează în DB"));
    expect(await screen.findByText("Adaugă produsul în nomenclatorul de produse din SmartBill")).toBeInTheDocument();
  });
});
