import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sessionWithRoles, unsignedToken } from "../test/helpers/fakeSession";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../test/helpers/liveServer";
import { FrontDoor } from "./FrontDoor";
import { decodeClaims, nowInSeconds, session } from "./providers/session";
import { tokenRefresher } from "./providers/tokenRefresher";

/** The front door at `path`: it reads the browser's own address. */
function openAt(path: string) {
  window.history.pushState(null, "", path);
  render(<FrontDoor />);
}

/** react-admin's page frame: only the admin app draws it. */
const adminAppShown = () => document.querySelector(".RaLayout-appFrame") !== null;
const landingHeading = () => screen.findByRole("heading", { level: 1, name: "Platforma B2B de Schimburi Comerciale" });
const homeHeading = () => screen.findByRole("heading", { level: 1, name: "Bun venit!" }, { timeout: 15_000 });
const here = () => window.location.pathname + window.location.search;

async function submitSignIn(email = "admin@demo.ro") {
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: "Adresa de email" }), email);
  await user.type(screen.getByLabelText(/^Parola/), "demo1234");
  await user.click(screen.getByRole("button", { name: "Conectați-vă" }));
}

describe("the front door", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer();
  }, 60_000);
  afterAll(() => server.close(), 30_000);
  beforeEach(() => usePageOrigin(server.url));
  afterEach(() => tokenRefresher.stop());

  it("opens a public page to a signed-out visitor in the public shell", async () => {
    openAt("/");
    expect(await landingHeading()).toBeInTheDocument();
    expect(adminAppShown()).toBe(false);
  });

  it("opens the admin app to a signed-in user on a public page, `/` being their home, and hands back at sign-out", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    openAt("/");
    expect(await screen.findByRole("navigation", { name: "Meniu" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await homeHeading()).toBeInTheDocument();
    expect(adminAppShown()).toBe(true);

    act(() => session.clearAll());
    expect(await landingHeading()).toBeInTheDocument();
    expect(adminAppShown()).toBe(false);
  });

  it("keeps a session whose access token expired while the browser was closed: refreshes it and opens the page asked for", async () => {
    const signedIn = await signInLive("admin@demo.ro");
    const claims = decodeClaims(signedIn.authenticationToken)!;
    session.set({ ...signedIn, authenticationToken: unsignedToken({ ...claims, exp: nowInSeconds() - 60 }) });
    openAt("/profile");
    // The roles come from the server (GET /api/me), which refuses an expired token: it was refreshed first.
    expect(await screen.findByTestId("profile-roles", {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(here()).toBe("/profile");
    expect(session.get()?.refreshToken).not.toBe(signedIn.refreshToken);
  });

  it("opens any other address in the admin app, signed out too", async () => {
    openAt("/nu-exista");
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(adminAppShown()).toBe(true);
  });

  it("sends a signed-out visit of a page that needs a session to the sign-in form, and back to that page after sign-in", async () => {
    openAt("/profile?din=link");
    expect(await screen.findByRole("button", { name: "Conectați-vă" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(here()).toBe("/login?next=%2Fprofile%3Fdin%3Dlink");
    await submitSignIn();
    expect(await screen.findByTestId("profile-email", {}, { timeout: 15_000 })).toHaveTextContent("admin@demo.ro");
    expect(here()).toBe("/profile?din=link");
  });

  it("sends the user to the sign-in form when the refresh is refused, to come back to the page", async () => {
    await signInLive("admin@demo.ro");
    openAt("/profile");
    expect(await screen.findByTestId("profile-email", {}, { timeout: 15_000 })).toBeInTheDocument();
    act(() => session.remove("refresh-failed")); // what the refresher does when the server refuses
    expect(await screen.findByRole("button", { name: "Conectați-vă" })).toBeInTheDocument();
    expect(here()).toBe("/login?next=%2Fprofile");
    expect(adminAppShown()).toBe(false);
  });

  it("hands a successful sign-in over to the admin app, on the signed-in home", async () => {
    openAt("/login");
    await submitSignIn();
    expect(await homeHeading()).toBeInTheDocument();
    expect(here()).toBe("/");
    expect(adminAppShown()).toBe(true);
    expect(session.get()).toMatchObject({ version: 1, userName: "admin@demo.ro", tenant: { name: "Demo SRL" } });
  });

  it("never follows the page to return to out of the site", async () => {
    openAt("/login?next=%2F%2Fevil.example%2Fcapcana");
    await submitSignIn();
    expect(await homeHeading()).toBeInTheDocument();
    expect(window.location.origin).toBe(server.url);
    expect(here()).toBe("/");
  });
});
