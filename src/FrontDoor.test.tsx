import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sessionWithRoles } from "../test/helpers/fakeSession";
import { startLiveServer, usePageOrigin, type LiveServer } from "../test/helpers/liveServer";
import { FrontDoor } from "./FrontDoor";
import { session } from "./providers/session";
import { tokenRefresher } from "./providers/tokenRefresher";

/** The front door at `path`: it reads the browser's own address. */
function openAt(path: string) {
  window.history.pushState(null, "", path);
  render(<FrontDoor />);
}

/** react-admin's page frame: only the admin app draws it. */
const adminAppShown = () => document.querySelector(".RaLayout-appFrame") !== null;
const landingHeading = () => screen.findByRole("heading", { level: 1, name: "Platforma B2B de Schimburi Comerciale" });

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

  it("opens the admin app to a signed-in user on a public page, and hands back at sign-out", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    openAt("/");
    expect(await screen.findByRole("navigation", { name: "Meniu" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await landingHeading()).toBeInTheDocument();
    expect(adminAppShown()).toBe(true);

    act(() => session.clearAll());
    expect(await landingHeading()).toBeInTheDocument();
    expect(adminAppShown()).toBe(false);
  });

  it("counts a session whose token has expired as no one signed in, without starting the admin app", async () => {
    const expired = sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -60 });
    session.set(expired);
    openAt("/about");
    expect(await screen.findByRole("heading", { level: 1, name: "About Page" })).toBeInTheDocument();
    expect(adminAppShown()).toBe(false);
    // The admin app, had it started, would have ended the session (and only then shown the shell).
    expect(session.get()).toEqual(expired);
  });

  it("opens any other address in the admin app, signed out too", async () => {
    openAt("/nu-exista");
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(adminAppShown()).toBe(true);
  });

  it("hands a successful sign-in over to the admin app, on the profile", async () => {
    const user = userEvent.setup();
    openAt("/login");
    await user.type(await screen.findByRole("textbox", { name: "Adresa de email" }), "admin@demo.ro");
    await user.type(screen.getByLabelText(/^Parola/), "demo1234");
    await user.click(screen.getByRole("button", { name: "Conectați-vă" }));
    expect(await screen.findByTestId("profile-email", {}, { timeout: 15_000 })).toHaveTextContent("admin@demo.ro");
    expect(window.location.pathname).toBe("/profile");
    expect(adminAppShown()).toBe(true);
    expect(session.get()).toMatchObject({ version: 1, userName: "admin@demo.ro", tenant: { name: "Demo SRL" } });
  });
});
