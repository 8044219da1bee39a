import { screen } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { AppBar } from "./AppBar";

describe("the top bar", () => {
  it("offers Login to a signed-out visitor, and no sidebar toggle", async () => {
    renderWithAdmin(<AppBar />);
    expect(await screen.findByRole("link", { name: "Autentificare" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("link", { name: "Deconectare" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Deschide meniul" })).toBeNull();
  });

  it("shows the user with the tenant and the Profile and Logout links when signed in", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    renderWithAdmin(<AppBar />);
    expect(screen.getByText("Loading")).toBeInTheDocument(); // while the identity loads
    expect(await screen.findByText("test@demo.ro (Demo SRL)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Profil" })).toHaveAttribute("href", "/profile");
    expect(screen.getByRole("link", { name: "Deconectare" })).toHaveAttribute("href", "/logout");
    expect(screen.getByRole("button", { name: "Închide meniul" })).toBeInTheDocument();
  });
});
