/**
 * A customer's page and forms against the live server: a customer added by hand opens on its own
 * page; a wrong CIF is said at its field in the import's words before anything is asked, and a
 * code another customer has is said at its field in the server's; an address corrected is saved;
 * a customer an invoice uses is not deleted, and its page says why; a row of the list opens the
 * customer's page.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Customer, InvoiceImportResult } from "../../contract/api";
import { xlsxOf } from "../../test/helpers/excelFiles";
import { connectDemoTenantToEmulator, type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { dataProvider } from "../providers/dataProvider";
import { httpClient } from "../providers/httpClient";
import { CustomerCreate } from "./CustomerCreate";
import { CustomerEdit } from "./CustomerEdit";
import { CustomerList } from "./CustomerList";
import { CustomerShow } from "./CustomerShow";

// The server answers in milliseconds, but a busy machine renders the forms slowly.
configure({ asyncUtilTimeout: 5_000 });

const acme = {
  clientName: "Acme Distribuție SRL",
  cif: "RO18547290",
  regCom: "J12/55/2019",
  codClient: "ACME-1",
  adresa: "Str. Memorandumului 28",
  localitate: "Cluj-Napoca",
  judet: "Cluj",
  banca: "Banca Transilvania",
  iban: "RO49AAAA1B31007593840000",
  tara: "Romania",
  email: "office@acme.ro",
  persContact: "Ana Pop",
  telefon: "0264000000",
};

let server: LiveServer;
let used: Customer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  // Its invoice: the tenant's SmartBill (the emulator) gives the VAT rates the import needs.
  await connectDemoTenantToEmulator(server);
  await signInLive("facturare@demo.ro");
  ({ data: used } = await dataProvider.create<Customer>("customers", { data: { ...acme, codClient: "FOLOSIT", clientName: "Client Folosit SRL" } }));
  const form = new FormData();
  form.append("payload", JSON.stringify({ clientId: used.id }));
  const lines = await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret"], ["Laptop", "PRD001", 1, 3500]]);
  form.append("file", new File([new Uint8Array(lines)], "linii.xlsx"));
  const { json } = await httpClient<InvoiceImportResult>("/api/smartbill/invoice/import", { method: "POST", body: form });
  expect(json.error).toBe(false);
}, 60_000);
afterAll(() => server.close(), 30_000);

const customerCoded = async (codClient: string) =>
  (await dataProvider.getList<Customer>("customers", { pagination: { page: 1, perPage: 5 }, sort: { field: "id", order: "ASC" }, filter: { codClient } })).data.find(
    (customer) => customer.codClient === codClient,
  );

/** The text under an input: its error, or its help while it has none. */
const helperOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-helper-text`)?.textContent;

describe("adding a customer", () => {
  it("saves a customer typed in by hand and opens its page", async () => {
    await signInLive("facturare@demo.ro");
    const { router } = renderWithAdmin(<CustomerCreate />, { path: "/customers/create" });
    await userEvent.type(await screen.findByLabelText("Denumire client *"), "Nou Adăugat SRL");
    await userEvent.type(screen.getByLabelText("Cod client *"), "NOU-1");
    await userEvent.type(screen.getByLabelText("CIF *"), "ro 185 472 90");
    await userEvent.type(screen.getByLabelText("Localitate"), "Iași");
    expect(screen.getByLabelText("Țara")).toHaveValue("Romania");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    const saved = await customerCoded("NOU-1");
    expect(saved).toMatchObject({ clientName: "Nou Adăugat SRL", cif: "RO18547290", localitate: "Iași", tara: "Romania" });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${saved!.id}/show`));
  });

  it("says at the CIF's field, in the import's words, that its control digit is wrong, saving nothing", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<CustomerCreate />, { path: "/customers/create" });
    await userEvent.type(await screen.findByLabelText("Denumire client *"), "CIF Greșit SRL");
    await userEvent.type(screen.getByLabelText("Cod client *"), "GRESIT-1");
    await userEvent.type(screen.getByLabelText("CIF *"), "RO18547291");
    await userEvent.type(screen.getByLabelText("Email"), "office@");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    await waitFor(() =>
      expect(helperOf("CIF *")).toBe("CIF invalid: „RO18547291” (cifra de control nu se potrivește sau formatul nu este recunoscut)."),
    );
    expect(helperOf("Email")).toBe("Adresă de email invalidă: „office@”.");
    expect(await customerCoded("GRESIT-1")).toBeUndefined();
  });

  it("shows the server's refusal of a code another customer has at the code's field", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<CustomerCreate />, { path: "/customers/create" });
    await userEvent.type(await screen.findByLabelText("Denumire client *"), "Dublură SRL");
    await userEvent.type(screen.getByLabelText("Cod client *"), "FOLOSIT");
    await userEvent.type(screen.getByLabelText("CIF *"), "18547290");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    await waitFor(() => expect(helperOf("Cod client *")).toBe("Există deja un client cu codul „FOLOSIT”."));
  });
});

describe("a customer's page and its changes", () => {
  it("corrects a customer's address and shows it on its page", async () => {
    await signInLive("facturare@demo.ro");
    const { data: moved } = await dataProvider.create<Customer>("customers", { data: { ...acme, codClient: "MUTAT" } });
    const { router } = renderWithAdmin(<CustomerEdit />, { path: `/customers/${moved.id}`, route: "/customers/:id" });
    const address = await screen.findByLabelText("Adresa");
    await waitFor(() => expect(address).toHaveValue("Str. Memorandumului 28"));
    await userEvent.clear(address);
    await userEvent.type(address, "Bd. 21 Decembrie 1989 nr. 77");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${moved.id}/show`));
    expect((await dataProvider.getOne<Customer>("customers", { id: moved.id })).data).toMatchObject({ ...acme, codClient: "MUTAT", adresa: "Bd. 21 Decembrie 1989 nr. 77" });
  });

  it("shows a customer's fields and invoices, and says why it cannot be deleted while an invoice uses it", async () => {
    await signInLive("facturare@demo.ro");
    const { router } = renderWithAdmin(<CustomerShow />, { path: `/customers/${used.id}/show`, route: "/customers/:id/show" });
    expect(await screen.findByRole("heading", { level: 1, name: "Client Folosit SRL" })).toBeInTheDocument();
    for (const section of ["Date de identificare", "Adresă", "Date bancare", "Contact"]) expect(screen.getByRole("heading", { name: section })).toBeInTheDocument();
    expect(screen.getByText("RO49AAAA1B31007593840000")).toBeInTheDocument();
    expect(await screen.findByText("1 factură")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Șterge" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Ștergeți clientul „Client Folosit SRL”?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirmă" }));
    expect(await screen.findByText("Clientul nu poate fi șters: îl folosește 1 factură.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/customers/${used.id}/show`);
    expect(await customerCoded("FOLOSIT")).toBeDefined();
  });

  it("opens a customer's page from its row of the list, which offers to add one", async () => {
    await signInLive("facturare@demo.ro");
    const { router } = renderWithAdmin(<CustomerList />, { path: "/customers" });
    expect(await screen.findByRole("link", { name: "Adaugă client" })).toHaveAttribute("href", "/customers/create");
    await userEvent.click(await screen.findByText("Client Folosit SRL"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${used.id}/show`));
  });
});
