/**
 * Where the VAT rates come from, said on the invoice's lines and in the line dialog, against the
 * live server and its SmartBill emulator: nothing while SmartBill answers; the saved list's date
 * while SmartBill is failing; a warning while no list was ever read.
 */
import { configure, screen } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { dataProvider } from "../providers/dataProvider";
import { TaxListNotice } from "./TaxListNotice";
import { useTaxList } from "./taxRates";

configure({ asyncUtilTimeout: 5_000 });

const EMULATOR = "/smartbill-emulator";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

/** Says, beside the notice and from the same query cache, when the list the notice reads has arrived. */
function ListArrived() {
  const list = useTaxList();
  return list ? <span data-testid="tax-list-arrived">{list.source}</span> : null;
}

/** Renders the notice; each render has its own query cache (AdminContext's), so it asks the server anew. */
function showNotice() {
  renderWithAdmin(
    <>
      <TaxListNotice />
      <ListArrived />
    </>,
  );
}

async function pointSmartBillAtTheEmulator() {
  await signInLive("admin@demo.ro");
  await dataProvider.update("properties", {
    id: "smartbill.url",
    data: { value: `${server.url}${EMULATOR}/SBORO/api` },
    previousData: { id: "smartbill.url" },
  });
}

describe("the VAT rates' origin", () => {
  it("warns that a line without VAT will be refused while no list was ever read", async () => {
    await signInLive("facturare@demo.ro");
    showNotice();
    expect(await screen.findByTestId("tax-list-notice")).toHaveTextContent(
      "Lista de cote TVA din SmartBill nu a fost citită încă: o linie fără procent TVA va fi refuzată.",
    );
  });

  it("says nothing while SmartBill answers, and the saved list's date while it fails", async () => {
    await pointSmartBillAtTheEmulator();
    await signInLive("facturare@demo.ro");
    const read = await dataProvider.taxList();
    expect(read.source).toBe("smartbill");
    showNotice();
    // The notice has rendered with the list it read: absent now means absent, not not-yet-arrived.
    expect(await screen.findByTestId("tax-list-arrived")).toHaveTextContent("smartbill");
    expect(screen.queryByTestId("tax-list-notice")).toBeNull();

    await fetch(`${server.url}${EMULATOR}/__emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fault: "html500", path: "/tax" }),
    });
    showNotice();
    const date = new Date(read.readAt!).toLocaleString("ro-RO", { dateStyle: "short", timeStyle: "short" });
    expect(await screen.findByTestId("tax-list-notice")).toHaveTextContent(
      `Cote TVA din ${date}: SmartBill nu poate fi întrebat acum, se folosește ultima listă citită.`,
    );
  });
});
