/**
 * 'Chitanță nouă': a wrong amount is refused on the form, in words, before anything is sent;
 * the amount is read as Romanians type it; a fiscal receipt's payload is in lei with its lines.
 */
import { configure, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { ReceiptCreate, receiptPayload } from "./ReceiptCreate";
import { typedAmount } from "./receiptText";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  // The series select reads the company's receipt series from SmartBill: the live server's emulator.
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

describe("a new receipt", () => {
  it("refuses an amount that is not a positive sum of money, in words", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ReceiptCreate />, { path: "/receipts/create" });
    await userEvent.type(await screen.findByLabelText("Suma *"), "12,345");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Introduceți o sumă mai mare decât zero, cu cel mult două zecimale.")).toBeInTheDocument();
  });

  it("reads an amount typed with a comma, and sends a fiscal receipt in lei with its lines", () => {
    expect(typedAmount("150,5")).toBe(150.5);
    expect(typedAmount("1 234,50")).toBe(1234.5);
    expect(typedAmount("-3")).toBeUndefined();
    const lines = [{ name: "Cafea", quantity: 2, price: 7.5, taxName: "Redusa", taxPercentage: 11 }];
    expect(
      receiptPayload({ kind: "Bon", clientId: 3, amount: "", currency: "EUR", date: "2026-09-01", text: "", seriesName: "CH", lines }, "id-1"),
    ).toEqual({ requestId: "id-1", kind: "Bon", clientId: 3, date: "2026-09-01", text: "", currency: "RON", lines });
  });
});
