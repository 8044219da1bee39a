import { configure, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomerImportResult } from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { httpClient } from "../providers/httpClient";
import { CustomerList } from "./CustomerList";

// The server answers in milliseconds, but a busy machine renders the grid slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  await signInLive("facturare@demo.ro");
  // The ANAF emulator's inactive and active demo companies, one with a valid CUI ANAF was never
  // asked about, and a foreign customer (no CUI: in neither filter).
  const workbook = await xlsxOf([
    ["Denumire client", "CIF", "Reg. Com.", "Cod client", "Adresa", "Localitate", "Judet", "Banca", "IBAN", "Tara", "Email", "Persoana contact", "Telefon"],
    ["Comerț Inactiv", "RO15935726", "", "A01", "Str. A 1", "Iași", "Iași", "", "", "", "", "", ""],
    ["Exemplu Soft", "RO45273124", "", "A02", "Str. B 2", "Sector 3", "București", "", "", "", "", "", ""],
    ["Cluj Logistic", "RO24681350", "", "A03", "Str. C 3", "Cluj-Napoca", "Cluj", "", "", "", "", "", ""],
    ["Foreign GmbH", "DE123456789", "", "A04", "Hauptstr. 1", "Berlin", "", "", "", "Germania", "", "", ""],
  ]);
  const form = new FormData();
  form.append("file", new File([new Uint8Array(workbook)], "anaf.xlsx"));
  const { json } = await httpClient<CustomerImportResult>(API_PATHS.customerImport, { method: "POST", body: form });
  expect(json.counters).toMatchObject({ newItems: 4, errorItems: 0 });
  // ANAF is asked about two of them (as the form's lookup does): their answers are kept.
  for (const cui of ["15935726", "45273124"]) await httpClient(`${API_PATHS.anafCompany}/${cui}`);
}, 60_000);
afterAll(() => server.close());

const names = () => Array.from(document.querySelectorAll<HTMLElement>("table tbody tr"), (row) => row.querySelector("td")?.textContent);

describe("the customer list's ANAF filter", () => {
  it("shows the customers ANAF calls inactive or struck off, then those never checked", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<CustomerList />, { path: "/customers" });
    await screen.findByText("Comerț Inactiv");
    await waitFor(() => expect(names()).toHaveLength(4));

    await userEvent.click(screen.getByRole("button", { name: "Adaugă filtru" }));
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "Stare ANAF" }));
    await userEvent.click(await screen.findByRole("combobox", { name: "Stare ANAF" }));
    await userEvent.click(await screen.findByRole("option", { name: "Inactiv / radiat la ANAF" }));
    await waitFor(() => expect(names()).toEqual(["Comerț Inactiv"]));

    await userEvent.click(screen.getByRole("combobox", { name: "Stare ANAF" }));
    await userEvent.click(await screen.findByRole("option", { name: "Neverificat" }));
    await waitFor(() => expect(names()).toEqual(["Cluj Logistic"]));
  });
});
