/**
 * 'e-Factura (SPV)' against the live server and its e-Factura emulator: not connected, an admin
 * connects (the browser sent to ANAF's consent page, which the test then plays, back to the
 * callback and the screen with its result), the connection's state, the invoicing role's
 * read-only view, and the confirmed disconnection. Without an application registered
 * (available=false) the screen names the operator's two settings.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { memoryDataProvider } from "../../test/helpers/memoryDataProvider";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { EFACTURA_CALLBACK_RESULTS } from "../../contract/efacturaConnection";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import { browserNavigation } from "./browserNavigation";
import EfacturaConnectionScreen, { EfacturaConnectionPanel, efacturaScreenWords } from "./EfacturaConnectionScreen";

const api = dataProvider as AppDataProvider;

// A busy machine renders slowly.
configure({ asyncUtilTimeout: 15_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

/** The browser at ANAF's consent page pressing 'Autorizează accesul', then back at our callback: where it lands. */
async function consentAndReturn(authorizeUrl: string): Promise<string> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set("decision", "allow");
  const consent = await fetch(`${url.origin}${url.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const back = await fetch(consent.headers.get("location")!, { redirect: "manual" });
  return back.headers.get("location")!;
}

describe("the e-Factura (SPV) screen", () => {
  it("connects, shows the connection and disconnects after a confirmation", async () => {
    await signInLive("admin@demo.ro");
    const sent: string[] = [];
    vi.spyOn(browserNavigation, "assign").mockImplementation((url) => void sent.push(url));
    const user = userEvent.setup();
    const first = renderWithAdmin(<EfacturaConnectionScreen />, { path: "/efactura-spv" });
    expect(await screen.findByText(efacturaScreenWords.notConnected)).toBeInTheDocument();
    expect(screen.getByText(efacturaScreenWords.explanation)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Conectare la ANAF (SPV)" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toContain(`${server.url}/anaf-efactura-emulator/anaf-oauth2/v1/authorize?`);
    const landing = await consentAndReturn(sent[0]!);
    expect(landing).toBe("/efactura-spv?rezultat=connected");
    first.unmount();

    renderWithAdmin(<EfacturaConnectionScreen />, { path: landing });
    expect(await screen.findByText(EFACTURA_CALLBACK_RESULTS.connected)).toBeInTheDocument();
    const state = await screen.findByTestId("efactura-connection-state");
    expect(state).toHaveTextContent(/Conectată din \d\d\.\d\d\.\d{4} \d\d:\d\d de admin@demo\.ro/);
    expect(state).toHaveTextContent(/Autorizare valabilă până la \d\d\.\d\d\.\d{4}/);
    expect(state).toHaveTextContent(/CIF: \d+/);
    expect(screen.getByRole("button", { name: "Reconectare" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Deconectare" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(efacturaScreenWords.confirmContent);
    await user.click(within(dialog).getByRole("button", { name: "Deconectare" }));
    expect(await screen.findByText("Firma a fost deconectată de la ANAF (SPV).")).toBeInTheDocument();
    expect(await screen.findByText(efacturaScreenWords.notConnected)).toBeInTheDocument();
    expect((await api.efacturaConnection()).connected).toBe(false);
  });

  it("shows the invoicing role the state without the buttons", async () => {
    await signInLive("admin@demo.ro");
    const { authorizeUrl } = await api.connectEfactura();
    expect(await consentAndReturn(authorizeUrl)).toBe("/efactura-spv?rezultat=connected");
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<EfacturaConnectionScreen />, { path: "/efactura-spv" });
    expect(await screen.findByTestId("efactura-connection-state")).toHaveTextContent("de admin@demo.ro");
    expect(screen.getByText(efacturaScreenWords.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deconectare" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reconectare" })).toBeNull();

    // The clerk may have the messages read now rather than at the next pass.
    await userEvent.setup().click(screen.getByRole("button", { name: "Citește acum mesajele SPV" }));
    expect(await screen.findByText(efacturaScreenWords.syncQueued)).toBeInTheDocument();
  });

  it("shows a refused authorisation's words", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<EfacturaConnectionScreen />, { path: "/efactura-spv?rezultat=invalid" });
    expect(await screen.findByText("Autorizarea nu a putut fi verificată. Porniți din nou conectarea.")).toBeInTheDocument();
  });

  it("names the operator's settings when no application is registered at ANAF", async () => {
    const provider = {
      ...memoryDataProvider([]).dataProvider,
      efacturaConnection: async () => ({
        available: false,
        connected: false,
        cif: null,
        connectedAt: null,
        connectedBy: null,
        accessExpiresAt: null,
        refreshExpiresAt: null,
        problem: null,
        syncedAt: null,
      }),
    };
    renderWithAdmin(<EfacturaConnectionPanel canChange />, { dataProvider: provider });
    expect(await screen.findByText(/ANAF_CLIENT_ID și ANAF_CLIENT_SECRET/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Conectare la ANAF (SPV)" })).toBeNull();
  });
});
