import { screen } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { Layout } from "./Layout";

function Broken(): never {
  throw new Error("pagina s-a stricat");
}

describe("the page frame", () => {
  it("shows the crash panel in place of a page that throws, keeping the top bar and footer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React reports the throw; expected here
    renderWithAdmin(
      <Layout>
        <Broken />
      </Layout>,
    );
    expect(await screen.findByText("Ceva nu a funcționat.")).toBeInTheDocument();
    expect(screen.getByText("pagina s-a stricat")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Autentificare" })).toBeInTheDocument();
    expect(screen.getByText(/Toate drepturile rezervate/)).toBeInTheDocument();
  });

  it("has a sidebar only when someone is signed in", async () => {
    const { unmount } = renderWithAdmin(<Layout>conținut</Layout>);
    expect(await screen.findByText("conținut")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Meniu" })).toBeNull();
    unmount();
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(<Layout>conținut</Layout>);
    expect(await screen.findByRole("navigation", { name: "Meniu" })).toBeInTheDocument();
  });
});
