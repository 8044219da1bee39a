import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import SmartBillConnectionScreen from "./SmartBillConnectionScreen";

const api = dataProvider as AppDataProvider;

// The test answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
let emulatorUrl: string;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  emulatorUrl = `${server.url}/smartbill-emulator/SBORO/api`;
});
afterAll(() => server.close());

const DEMO_MASK = "d***********************1";

async function openScreen() {
  await signInLive("admin@demo.ro");
  renderWithAdmin(<SmartBillConnectionScreen />);
  const token = (await screen.findByLabelText("Token API")) as HTMLInputElement;
  return { token, user: userEvent.setup() };
}

const outcome = () => screen.findByTestId("connection-test-outcome");

/** How many calls the server's SmartBill emulator has received. */
const emulatorCalls = async () =>
  ((await (await fetch(`${server.url}/smartbill-emulator/__emulator/requests`)).json()) as { count: number }).count;

describe("the SmartBill connection screen", () => {
  it("shows the saved settings with the token masked, hidden from the browser's password filling", async () => {
    const { token } = await openScreen();
    expect(token.value).toBe(DEMO_MASK);
    expect(token).toHaveAttribute("type", "password");
    expect(token).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByLabelText("Email cont SmartBill")).toHaveValue("facturare@demo.ro");
    expect(screen.getByLabelText("CIF firmă")).toHaveValue("RO40671760");
    expect(screen.getByText(/Tokenul salvat rămâne ascuns/)).toBeInTheDocument();
    // The demo seed's address names the configured port (0 here), which is not this server: not configured.
    expect(screen.getByTestId("connection-state")).toHaveTextContent("Neconfigurată");
  });

  it("tests the entered values and shows the company's VAT rates and invoice series, saving nothing", async () => {
    const { user } = await openScreen();
    await user.click(screen.getByRole("button", { name: "Folosește emulatorul" }));
    expect(screen.getByLabelText("Adresa API SmartBill")).toHaveValue(emulatorUrl);
    await user.click(screen.getByRole("button", { name: "Testează conexiunea" }));
    const shown = await outcome();
    expect(shown).toHaveTextContent("SmartBill a confirmat conexiunea.");
    expect(shown).toHaveTextContent("Cote TVA: Normala 21%, Redusa 11%, Taxare inversa 0%.");
    expect(shown).toHaveTextContent("Serii de facturi: SBL (următorul număr: 1).");
    expect((await api.smartBillConnection()).url).not.toBe(emulatorUrl);
  });

  it("shows the emulator's demo account and fills all four fields with it, which SmartBill then accepts", async () => {
    const { user, token } = await openScreen();
    const notice = screen.getByTestId("emulator-account");
    expect(notice).toHaveTextContent("Modul demo: contul emulatorului SmartBill");
    for (const value of ["facturare@demo.ro", "demo-smartbill-token-0001", "RO40671760", emulatorUrl]) {
      expect(within(notice).getByText(value)).toBeInTheDocument();
    }
    // A new company connects with it too: the screen says it is the demo company's account.
    expect(notice).toHaveTextContent("orice firmă, inclusiv una nou creată, se conectează cu acest cont");
    expect(notice).toHaveTextContent("facturează toate în aceeași firmă Demo SRL din emulator");

    for (const label of ["Email cont SmartBill", "Token API", "CIF firmă"]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), "altceva");
    }
    await user.click(within(notice).getByRole("button", { name: "Folosește emulatorul" }));
    expect(screen.getByLabelText("Email cont SmartBill")).toHaveValue("facturare@demo.ro");
    expect(token).toHaveValue("demo-smartbill-token-0001");
    expect(screen.getByLabelText("CIF firmă")).toHaveValue("RO40671760");
    expect(screen.getByLabelText("Adresa API SmartBill")).toHaveValue(emulatorUrl);
    expect(within(notice).getByText("Formularul conține contul demo al emulatorului.")).toBeInTheDocument();
    expect(within(notice).queryByRole("button", { name: "Folosește emulatorul" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Testează conexiunea" }));
    expect(await outcome()).toHaveTextContent("SmartBill a confirmat conexiunea.");
  });

  it("names the wrong fields and asks SmartBill nothing", async () => {
    const { user } = await openScreen();
    const callsBefore = await emulatorCalls();
    const cif = screen.getByLabelText("CIF firmă");
    await user.clear(cif);
    await user.type(cif, "RO 123");
    await user.click(screen.getByRole("button", { name: "Testează conexiunea" }));
    expect(await outcome()).toHaveTextContent(
      "Corectați câmpurile marcate cu roșu. Nimic nu a fost trimis la SmartBill și nimic nu a fost salvat.",
    );
    expect(screen.getByText("CIF-ul are doar cifre, eventual precedate de RO, fără spații (de exemplu RO40671760).")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Salvează oricum" })).not.toBeInTheDocument();
    expect(await emulatorCalls()).toBe(callsBefore);
  });

  it("does not save after a failed test, unless the user asks to save anyway", async () => {
    const { user, token } = await openScreen();
    await user.click(screen.getByRole("button", { name: "Folosește emulatorul" }));
    await user.clear(token);
    await user.type(token, "token-gresit-9");
    await user.click(screen.getByRole("button", { name: "Salvează" }));
    const refused = await outcome();
    expect(refused).toHaveTextContent(
      "SmartBill nu a confirmat conexiunea: Autentificare esuata. Va rugam verificati datele si incercati din nou.",
    );
    expect(refused).toHaveTextContent(/Datele nu au fost salvate/);
    expect(await api.smartBillConnection()).toMatchObject({ token: DEMO_MASK, configured: false });

    await user.click(within(refused).getByRole("button", { name: "Salvează oricum" }));
    expect(await screen.findByText("Conexiunea SmartBill a fost salvată.")).toBeInTheDocument();
    expect(await api.smartBillConnection()).toMatchObject({ token: "t************9", url: emulatorUrl, configured: true });
    await waitFor(() => expect(token.value).toBe("t************9"));
    expect(screen.getByTestId("connection-state")).toHaveTextContent("Configurată");
  });

  it("saves after a passed test, keeping the stored token when its mask is left as it is", async () => {
    await signInLive("admin@demo.ro");
    await api.saveSmartBillConnection({ username: "facturare@demo.ro", token: "demo-smartbill-token-0001", cif: "RO40671760", url: emulatorUrl });
    const { user, token } = await openScreen();
    expect(token.value).toBe(DEMO_MASK);
    await user.click(screen.getByRole("button", { name: "Salvează" }));
    expect(await outcome()).toHaveTextContent("SmartBill a confirmat conexiunea, iar datele au fost salvate.");
    expect(await api.smartBillConnection()).toMatchObject({ token: DEMO_MASK, configured: true });
  });
});
