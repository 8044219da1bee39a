/**
 * The invoice screens' client picker against the real server: it lists one page of 20 customers
 * (never the whole table), and what the user types is searched on the server, so a customer past
 * that page is found.
 */
import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult } from "../../contract/api";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { httpClient } from "../providers/httpClient";
import { type ClientOption, CustomerPicker } from "./CustomerPicker";

configure({ asyncUtilTimeout: 5_000 });

/** 'Beta 01' … 'Beta 30' sort before 'Zeta Departe SRL', the 31st. */
const NAMES = [...Array.from({ length: 30 }, (_, i) => `Beta ${String(i + 1).padStart(2, "0")}`), "Zeta Departe SRL"];

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await signInLive("facturare@demo.ro");
  const workbook = await xlsxOf([
    ["Denumire client", "CIF", "Reg. Com.", "Cod client", "Adresa", "Localitate", "Judet", "Banca", "IBAN", "Tara", "Email", "Persoana contact", "Telefon"],
    ...NAMES.map((name, i) => [name, "RO18547290", `J29/${i}/2021`, `P${i}`, "Str. 1", "Ploiești", "Prahova", "", "", "", "", "", ""]),
  ]);
  const form = new FormData();
  form.append("file", new File([new Uint8Array(workbook)], "clienti.xlsx"));
  const { json } = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: form });
  expect(json.counters).toMatchObject({ newItems: NAMES.length, errorItems: 0 });
});
afterAll(() => server.close());

it("offers one page of 20 customers and finds the one past it by a search on the server", async () => {
  const chosen: (ClientOption | null)[] = [];
  renderWithAdmin(<CustomerPicker value={null} onChange={(client) => chosen.push(client)} label="Client" />);
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Client" }));
  await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(20));
  expect(screen.getAllByRole("option")[0]).toHaveTextContent("Beta 01 · P0");
  expect(screen.queryByText(/Zeta Departe SRL/)).not.toBeInTheDocument();

  await user.type(screen.getByRole("combobox", { name: "Client" }), "departe");
  await waitFor(() => expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Zeta Departe SRL · P30 · RO18547290"]));
  await user.click(screen.getByRole("option"));
  expect(chosen).toEqual([expect.objectContaining({ clientName: "Zeta Departe SRL", codClient: "P30" })]);
});
