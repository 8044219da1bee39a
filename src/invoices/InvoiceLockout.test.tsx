/**
 * SmartBill's lockout (its call limit passed) on the invoice's screen, against the real server and
 * its emulator limited to one call a minute (the send used it): the server's sentence with the time it ends, and the
 * action in 'Istoric' as failed. A server of its own: the lockout stops every later call.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult, InvoiceImportResult, InvoiceSendResult } from "../../contract/api";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { InvoiceEdit } from "./InvoiceEdit";

const fixture = (path: string) => readFileSync(join(import.meta.dirname, "../../test/fixtures", path));
let server: LiveServer;

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await connectDemoTenantToEmulator(server);
}, 60_000);
afterAll(() => server.close(), 30_000);

it("says SmartBill locked the token out and until when, and keeps the failed call in 'Istoric'", async () => {
  await signInLive("facturare@demo.ro");
  const customers = new FormData();
  customers.append("file", new File([new Uint8Array(fixture("customers/ro-title.xlsx"))], "clienti.xlsx"));
  await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: customers });
  const { json: page } = await httpClient<{ content: { id: number }[] }>("/api/smartbill/customer/all?page=0&size=1&codClient=C002");
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId: page.content[0].id, draft: false, useStock: false }));
  form.append("file", new File([new Uint8Array(fixture("invoices/ro-title.xlsx"))], "linii.xlsx"));
  const { json: imported } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  const id = imported.importRequestId!;
  await httpClient<InvoiceSendResult>(`/api/smartbill/invoice/send/${id}`, { method: "POST" });
  await fetch(`${server.url}/smartbill-emulator/__emulator/settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lockoutStatus: 429, limiter: { limit: 1, windowMs: 60_000 } }),
  });

  renderWithAdmin(<InvoiceEdit />, { path: `/invoices/${id}`, route: "/invoices/:id" });
  // The send's calls used the minute's one call already.
  await userEvent.click(await screen.findByRole("button", { name: "Actualizează" }));
  expect(await screen.findByText(/SmartBill a blocat temporar accesul .* până la .*\d{2}:\d{2}/, {}, { timeout: 10_000 })).toBeInTheDocument();
  const history = screen.getByRole("list", { name: "Istoric" });
  await waitFor(() => expect(within(history).getAllByTestId("history-event").at(-1)).toHaveTextContent("Stare încasare citită — Eșuată"));
});
