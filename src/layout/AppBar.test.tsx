import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { AppBar } from "./AppBar";

async function openAccountMenu() {
  await userEvent.click(await screen.findByRole("button", { name: "Contul meu" }));
  return screen.findByRole("menu");
}

describe("the top bar", () => {
  it("offers Login and the language to a signed-out visitor, and no sidebar toggle", async () => {
    renderWithAdmin(<AppBar />);
    expect(await screen.findByRole("link", { name: "Autentificare" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("button", { name: "Limba: Română" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Contul meu" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Deschide meniul" })).toBeNull();
  });

  it("shows the user with the tenant, and the account menu holds Profile, Logout and the language", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    renderWithAdmin(<AppBar />);
    expect(screen.getByText("Se încarcă…")).toBeInTheDocument(); // while the identity loads
    expect(await screen.findByTestId("appbar-user")).toHaveTextContent("test@demo.ro (Demo SRL)");
    expect(screen.getByRole("button", { name: "Închide meniul" })).toBeInTheDocument();

    const menu = await openAccountMenu();
    expect(within(menu).getByTestId("account-menu-user")).toHaveTextContent("test@demo.roFirma: Demo SRL");
    expect(within(menu).getByRole("menuitem", { name: "Profil" })).toHaveAttribute("href", "/profile");
    expect(within(menu).getByRole("menuitem", { name: "Deconectare" })).toHaveAttribute("href", "/logout");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "English" }));
    await userEvent.click(await screen.findByRole("button", { name: "My account" }));
    expect(await screen.findByRole("menuitem", { name: "Logout" })).toHaveAttribute("href", "/logout");
    await userEvent.click(screen.getByRole("menuitem", { name: "Română" })); // the provider keeps the locale
    expect(await screen.findByRole("button", { name: "Contul meu" })).toBeInTheDocument();
  });

  it("gives an admin and an invoicing user no tenant switcher, even with a choice left in storage", async () => {
    for (const role of ["ROLE_ADMIN", "ROLE_SMARTBILL"]) {
      session.set(sessionWithRoles([role]));
      localStorage.setItem(
        "general-tenant",
        JSON.stringify({ version: 1, userName: "test@demo.ro", tenant: { id: 1, name: "system" } }),
      );
      const { unmount } = renderWithAdmin(<AppBar />);
      const menu = await openAccountMenu();
      expect(within(menu).queryByRole("menuitem", { name: "Schimbă firma" })).toBeNull();
      expect(screen.queryByTestId("acting-tenant")).toBeNull();
      expect(session.actingTenant()).toEqual({ id: 2, name: "Demo SRL" });
      unmount();
    }
  });

  it("shows the super-admin the tenant being acted on, and the switcher in the bar and in the account menu", async () => {
    session.set(sessionWithRoles(["ROLE_SUPERADMIN"], { tenant: { id: 1, name: "system" } }));
    renderWithAdmin(<AppBar />);
    const switcher = await screen.findByRole("button", { name: "Firma în care lucrați: system. Alegeți altă firmă" });
    expect(switcher).toHaveAttribute("data-chosen", "false");
    const menu = await openAccountMenu();
    expect(within(menu).getByRole("menuitem", { name: "Schimbă firma" })).toBeInTheDocument();
  });
});
