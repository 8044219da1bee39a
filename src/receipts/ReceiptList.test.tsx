/**
 * 'Chitanțe' against the live server and its SmartBill emulator: an empty list invites the first
 * receipt; an issued receipt shows as a row with its series and number, date, customer, the amount
 * as Romanians write it, and its kind.
 */
import { configure, screen, within } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { connectDemoTenantToEmulator, signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { ReceiptList } from "./ReceiptList";
import { customerFields } from "../../test/helpers/customerFields";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

/** The demo company gets a receipt series in the emulator (its admin API), as a SmartBill account would have. */
async function addReceiptSeries() {
  const { json: state } = await httpClient<{ companies: { series: { name: string; type: string; nextNumber: number }[] }[] }>(
    "/smartbill-emulator/__emulator/state",
  );
  const companies = structuredClone(state.companies);
  companies[0].series = companies[0].series.filter((s) => s.type !== "c").concat({ name: "CH", type: "c", nextNumber: 12 });
  await httpClient("/smartbill-emulator/__emulator/state", { method: "PUT", body: JSON.stringify({ companies }) });
}

describe("the receipts list", () => {
  it("says no receipt was issued yet and leads to a new one", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<ReceiptList />, { path: "/receipts" });
    const empty = await screen.findByTestId("list-empty");
    expect(within(empty).getByText("Nu a fost emisă încă nicio chitanță prin aplicație.")).toBeInTheDocument();
    expect(within(empty).getByRole("link", { name: "Chitanță nouă" })).toBeInTheDocument();
  });

  it("shows an issued receipt with its number, customer, amount in Romanian and kind", async () => {
    await signInLive("facturare@demo.ro");
    await addReceiptSeries();
    const { data: customer } = await dataProvider.create("customers", {
      data: customerFields({ clientName: "Client Chitanță SRL", cif: "RO18547290", codClient: "CC-1", email: "office@client.ro" }),
    });
    await dataProvider.create("receipts", {
      data: {
        requestId: crypto.randomUUID(),
        kind: "Chitanta",
        clientId: customer.id,
        amount: 1234.5,
        currency: "RON",
        date: "2026-09-01",
        text: "Avans",
        seriesName: "CH",
      },
    });
    renderWithAdmin(<ReceiptList />, { path: "/receipts" });
    expect(await screen.findByRole("cell", { name: "CH 0012" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "01.09.2026" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Client Chitanță SRL" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "1.234,50 RON" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Chitanță" })).toBeInTheDocument();
    for (const header of ["Serie și număr", "Data", "Client", "Suma", "Tip", "Factura"]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
  });
});
