/**
 * The 'Produse' tab's failures against the real server: a line the server does not know cannot be
 * added, updated or deleted, and each says so with the spec's own message; the lines stay as they
 * were. Also the column tooltips.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
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

function Lines() {
  const [lines, setLines] = useState<readonly InvoiceLine[]>([ghost]);
  return (
    <InvoiceLines invoiceId={ghost.invoiceId} lines={lines} setLines={setLines} warehouses={[]} taxes={FALLBACK_TAXES}
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

    vi.spyOn(window, "confirm").mockReturnValue(true);
    await userEvent.click(screen.getByRole("button", { name: "Șterge Fantomă" }));
    expect(await screen.findByText("Eroare la ștergerea produsului.")).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
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
