import { screen, waitFor } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { RequireAccess } from "./RequireAccess";

describe("RequireAccess", () => {
  it("shows the page to a role the matrix allows", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(<RequireAccess resource="users">secret users page</RequireAccess>);
    expect(await screen.findByText("secret users page")).toBeInTheDocument();
  });

  it("shows the not-found page to a role the matrix refuses", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(<RequireAccess resource="tenants">secret tenants page</RequireAccess>);
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
    expect(screen.queryByText("secret tenants page")).toBeNull();
  });

  it("sends a signed-out visitor of a signed-in page to the sign-in form, which is to return there", async () => {
    const { router } = renderWithAdmin(<RequireAccess>change password</RequireAccess>, {
      path: "/schimbare-parola?x=1",
      route: "/schimbare-parola",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/schimbare-parola?x=1");
    expect(screen.queryByText("change password")).toBeNull();
  });
});
