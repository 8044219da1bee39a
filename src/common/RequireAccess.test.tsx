import { screen } from "@testing-library/react";
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

  it("shows the not-found page to a signed-out visitor of a signed-in page", async () => {
    renderWithAdmin(<RequireAccess>change password</RequireAccess>);
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
  });
});
