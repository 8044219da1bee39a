/** The imported invoices list against the real server: heading, the provider's note, the empty state, then a row. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, within } from "@testing-library/react";
import type { InvoiceImportResult } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceList } from "./InvoiceList";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

describe("the imported invoices list", () => {
  it("says there are no invoices, then lists one with its draft and stock flags and its state", async () => {
    await signInLive("facturare@demo.ro");
    const { unmount } = renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    expect(await screen.findByRole("heading", { name: "Facturi importate print SmartBill" })).toBeInTheDocument();
    expect(screen.getByText(/nu permite descărcarea facturilor/)).toBeInTheDocument();
    expect(await screen.findByText("Nu sunt facturi disponibile.")).toBeInTheDocument();
    unmount();

    const form = new FormData();
    form.append("payload", JSON.stringify({ mentions: "Comanda 12", useStock: false, draft: true }));
    const workbook = readFileSync(join(import.meta.dirname, "../../test/fixtures/invoices/en-order.xlsx"));
    form.append("file", new File([new Uint8Array(workbook)], "linii.xlsx"));
    const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
    expect(json.error).toBe(false);

    renderWithAdmin(<InvoiceList />, { path: "/invoices" });
    const cell = await screen.findByRole("cell", { name: "Comanda 12" });
    const row = cell.closest("tr")!;
    expect(within(row).getByText(String(json.importRequestId))).toBeInTheDocument();
    expect(within(row).getByText("Solicitare (ciornă)")).toBeInTheDocument();
    expect(within(row).getAllByText("Da")).toHaveLength(1); // draft yes, stock no
    expect(within(row).getByText("Nu")).toBeInTheDocument();
  });
});
