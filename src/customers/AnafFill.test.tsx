/**
 * 'Completează din ANAF' on the customer forms and the customer's ANAF state on its page, against
 * the live server and the ANAF emulator it mounts in demo mode: a demo company's fields filled and
 * named, what ANAF says of it shown (VAT payer, e-Factura, an inactive company's warning); a wrong
 * CIF and ANAF out of service each said beside the button, the form saving all the same; the offer
 * at once for a new customer's valid CUI, not for a wrong one nor on an existing customer; the
 * page's state before and after 'Verifică acum la ANAF'.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Customer } from "../../contract/api";
import { validCuisFrom } from "../../test/helpers/anafCuis";
import { type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { formatRoDate } from "../common/RoDateField";
import { dataProvider } from "../providers/dataProvider";
import { CustomerCreate } from "./CustomerCreate";
import { CustomerEdit } from "./CustomerEdit";
import { CustomerShow } from "./CustomerShow";

// ANAF's budget spaces lookups a second apart, and a busy machine renders the forms slowly.
configure({ asyncUtilTimeout: 10_000 });

/** The emulator's demo companies (server/anaf/emulator/companies.ts). */
const BUCHAREST_VAT_PAYER = "45273124";
const INACTIVE = "15935726";
const NON_VAT_PAYER = "31759249";
/** Valid CUIs no demo company has: the emulator makes up an active company for each. */
const [FOR_FAULT, FOR_OFFER] = validCuisFrom(7_654_321, 2);

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
}, 60_000);
afterAll(() => server.close(), 30_000);

async function emulator(path: string, body: object) {
  const response = await fetch(`${server.url}/anaf-emulator/__emulator${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

const fillButton = () => screen.getByRole("button", { name: "Completează din ANAF" });
const OFFER = "Completați datele firmei din ANAF?";

async function newCustomerWithCif(cif: string) {
  await signInLive("facturare@demo.ro");
  const rendered = renderWithAdmin(<CustomerCreate />, { path: "/customers/create" });
  await userEvent.type(await screen.findByLabelText("CIF *"), cif);
  return rendered;
}

const customerCoded = async (codClient: string) =>
  (await dataProvider.getList<Customer>("customers", { pagination: { page: 1, perPage: 5 }, sort: { field: "id", order: "ASC" }, filter: { codClient } })).data.find(
    (customer) => customer.codClient === codClient,
  );

describe("'Completează din ANAF' on a new customer", () => {
  it("fills the form from ANAF, names what it changed, shows what ANAF says, and the customer saves so", async () => {
    await newCustomerWithCif(`RO${BUCHAREST_VAT_PAYER}`);
    await userEvent.click(fillButton());
    expect(await screen.findByText("Completat din ANAF: denumire, nr. Reg. Com., adresă, localitate, județ, telefon")).toBeInTheDocument();
    expect(screen.getByLabelText("Denumire client *")).toHaveValue("EXEMPLU SOFT SRL");
    expect(screen.getByLabelText("Adresa")).toHaveValue("Str. Exemplului nr. 7, BL. A1, AP.12, cod poștal 030001");
    expect(screen.getByLabelText("Localitate")).toHaveValue("Sector 3");
    expect(screen.getByLabelText("Județ")).toHaveValue("București");
    expect(screen.getByLabelText("Telefon")).toHaveValue("0210000000");
    const panel = screen.getByRole("region", { name: "Ce spune ANAF acum" });
    expect(within(panel).getByText("Plătitor de TVA din 01.10.2021")).toBeInTheDocument();
    expect(within(panel).getByText("Fără TVA la încasare")).toBeInTheDocument();
    expect(within(panel).getByText("Înregistrat în Registrul RO e-Factura din 10.01.2022")).toBeInTheDocument();
    expect(within(panel).getByText(/^INREGISTRAT/)).toBeInTheDocument();
    expect(within(panel).queryByRole("alert")).toBeNull();

    // Filled again, nothing changes, and it says so.
    await userEvent.click(fillButton());
    expect(await screen.findByText("Datele coincid cu cele de la ANAF.")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Cod client *"), "ANAF-1");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    expect(await customerCoded("ANAF-1")).toMatchObject({
      clientName: "EXEMPLU SOFT SRL",
      regCom: "J40/12345/2021",
      cif: `RO${BUCHAREST_VAT_PAYER}`,
      adresa: "Str. Exemplului nr. 7, BL. A1, AP.12, cod poștal 030001",
      localitate: "Sector 3",
      judet: "București",
      telefon: "0210000000",
    });
  });

  it("warns, prominently, of a company inactive at ANAF", async () => {
    await newCustomerWithCif(INACTIVE);
    await userEvent.click(fillButton());
    const panel = await screen.findByRole("region", { name: "Ce spune ANAF acum" });
    expect(within(panel).getByRole("alert")).toHaveTextContent("Inactiv la ANAF din 01.03.2024: facturile către această firmă pot fi refuzate.");
    expect(screen.getByLabelText("Denumire client *")).toHaveValue("COMERŢ INACTIV DEMO SRL");
    expect(screen.getByLabelText("Județ")).toHaveValue("Timiș");
  });

  it("says the server's reason beside the button for a CIF whose control digit is wrong", async () => {
    await newCustomerWithCif("RO18547291");
    await userEvent.click(fillButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "CIF invalid: „RO18547291” (cifra de control nu se potrivește sau formatul nu este recunoscut).",
    );
    expect(screen.getByLabelText("Denumire client *")).toHaveValue("");
  });

  it("says ANAF is out of service, and the customer saves all the same", async () => {
    await emulator("/faults", { fault: "503", times: 1 });
    await newCustomerWithCif(FOR_FAULT);
    await userEvent.click(fillButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(/ANAF.*Clientul poate fi salvat și fără datele ANAF/);
    await userEvent.type(screen.getByLabelText("Denumire client *"), "Fără ANAF SRL");
    await userEvent.type(screen.getByLabelText("Cod client *"), "FARA-ANAF");
    await userEvent.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Element creat")).toBeInTheDocument();
    expect(await customerCoded("FARA-ANAF")).toMatchObject({ clientName: "Fără ANAF SRL", cif: FOR_FAULT });
  });

  it("offers ANAF's data at once for a valid CUI, without filling, and not for a wrong CIF", async () => {
    await newCustomerWithCif(`RO${FOR_OFFER}`);
    expect(screen.getByText(OFFER)).toBeInTheDocument();
    expect(screen.getByLabelText("Denumire client *")).toHaveValue("");
    await userEvent.clear(screen.getByLabelText("CIF *"));
    await userEvent.type(screen.getByLabelText("CIF *"), "RO18547291");
    expect(screen.queryByText(OFFER)).toBeNull();
  });
});

describe("ANAF on an existing customer", () => {
  it("does not press the offer on a customer being edited", async () => {
    await signInLive("facturare@demo.ro");
    const { data: kept } = await dataProvider.create<Customer>("customers", {
      data: { clientName: "Deja Aici SRL", codClient: "DEJA", cif: `RO${FOR_OFFER}`, tara: "Romania" },
    });
    renderWithAdmin(<CustomerEdit />, { path: `/customers/${kept.id}`, route: "/customers/:id" });
    await waitFor(() => expect(screen.getByLabelText("CIF *")).toHaveValue(`RO${FOR_OFFER}`));
    expect(fillButton()).toBeEnabled();
    expect(screen.queryByText(OFFER)).toBeNull();
  });

  it("shows its state at ANAF on its page: unchecked, then as the check now finds it, with the day", async () => {
    await signInLive("facturare@demo.ro");
    const { data: checked } = await dataProvider.create<Customer>("customers", {
      data: { clientName: "Atelier Micro", codClient: "MICRO", cif: NON_VAT_PAYER, tara: "Romania" },
    });
    renderWithAdmin(<CustomerShow />, { path: `/customers/${checked.id}/show`, route: "/customers/:id/show" });
    expect(await screen.findByText("Neverificat la ANAF")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Verifică acum la ANAF" }));
    expect(await screen.findByText("Activ la ANAF")).toBeInTheDocument();
    expect(screen.queryByText("Neverificat la ANAF")).toBeNull();
    const today = formatRoDate(new Date());
    expect(screen.getAllByText(`verificat pe ${today}`).length).toBeGreaterThan(0);
    expect(within(screen.getByRole("region", { name: "Ce spune ANAF acum" })).getByText("Neplătitor de TVA")).toBeInTheDocument();
  });
});
