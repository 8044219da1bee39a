import { screen, within } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { Menu } from "./Menu";

describe("the sidebar menu", () => {
  it("shows the invoicing user's sections and entries, and nothing of Administration", async () => {
    session.set(sessionWithRoles(["ROLE_SMARTBILL"]));
    renderWithAdmin(<Menu />);
    const nav = await screen.findByRole("navigation", { name: "Meniu" });
    expect(within(nav).getAllByTestId("menu-section").map((el) => el.textContent)).toEqual([
      "General",
      "SmartBill",
      "SmartBill - stoc/depozite",
      "SmartBill - clienți",
    ]);
    expect(within(nav).queryByText("Utilizatori")).toBeNull();
    expect(within(nav).getByRole("menuitem", { name: "Import factură" })).toHaveAttribute("href", "/invoices/import");
  });

  it("shows only Home when nobody is signed in", async () => {
    renderWithAdmin(<Menu />);
    const nav = await screen.findByRole("navigation", { name: "Meniu" });
    expect(within(nav).getAllByRole("menuitem").map((el) => el.textContent)).toEqual(["Acasă"]);
  });
});
