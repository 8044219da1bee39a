import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import SetPassword from "./SetPassword";

const renderAt = (path: string) => renderWithAdmin(<SetPassword />, { path, route: "/dmz/*" });

describe("the set/reset password screen", () => {
  it("refuses any /dmz path other than set-password and reset-password", async () => {
    renderAt("/dmz/other?email=a@b.ro&token=t");
    expect(await screen.findByText("403 Forbidden: Invalid URL path.")).toBeInTheDocument();
  });

  it("refuses a link without the email or the token", async () => {
    renderAt("/dmz/reset-password?token=t");
    expect(await screen.findByText("403 Forbidden: Missing required parameters.")).toBeInTheDocument();
  });

  it("titles the set and reset variants and shows the email read-only", async () => {
    renderAt("/dmz/set-password?email=nou%40demo.ro&token=t");
    expect(await screen.findByRole("heading", { name: "Setează parola" })).toBeInTheDocument();
    const email = screen.getByLabelText("Adresa de email");
    expect(email).toHaveValue("nou@demo.ro");
    expect(email).toHaveAttribute("readonly");
    expect(screen.queryByDisplayValue("t")).not.toBeVisible();
  });

  it("asks for both passwords, then for matching ones, before sending anything", async () => {
    const user = userEvent.setup();
    renderAt("/dmz/reset-password?email=a%40b.ro&token=t");
    expect(await screen.findByRole("heading", { name: "Resetează parola" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Salvează parola" }));
    expect(screen.getByText("Te rog să completezi toate câmpurile.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Parola nouă"), "parola-unu");
    await user.type(screen.getByLabelText("Confirmă parola"), "parola-doi");
    await user.click(screen.getByRole("button", { name: "Salvează parola" }));
    expect(screen.getByText("Parolele nu corespund")).toBeInTheDocument();
  });
});
