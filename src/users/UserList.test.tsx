import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { UserList } from "./UserList";

// The server answers in milliseconds, but a busy machine renders the dialogs slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

describe("the users screen", () => {
  it("groups the super-admin's view by tenant under the tenant's name, and protects user 1", async () => {
    await signInLive("superadmin@demo.ro");
    renderWithAdmin(<UserList />);
    const system = await screen.findByRole("region", { name: "system" });
    const demo = screen.getByRole("region", { name: "Demo SRL" });
    expect(within(system).getByText("superadmin@demo.ro")).toBeInTheDocument();
    expect(within(demo).getByText("admin@demo.ro")).toBeInTheDocument();
    expect(within(demo).getByText("facturare@demo.ro")).toBeInTheDocument();
    const userOne = within(system).getByText("superadmin@demo.ro").closest("tr")!;
    expect(within(userOne).queryAllByRole("button")).toHaveLength(0);
    const admin = within(demo).getByText("admin@demo.ro").closest("tr")!;
    for (const action of ["Editează", "Resetează parola", "Modifică rolurile", "Șterge"]) {
      expect(await within(admin).findByRole("button", { name: action })).toBeInTheDocument();
    }
  });

  it("shows an admin only the admin's own tenant", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    expect(await screen.findByRole("region", { name: "Demo SRL" })).toBeInTheDocument();
    expect(screen.getAllByTestId("tenant-group")).toHaveLength(1);
    expect(screen.queryByText("superadmin@demo.ro")).toBeNull();
  });

  it("offers only the roles on one's own row: email, password link and deletion are another administrator's", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    const other = (await screen.findByText("facturare@demo.ro")).closest("tr")!;
    for (const action of ["Editează", "Resetează parola", "Modifică rolurile", "Șterge"]) {
      expect(await within(other).findByRole("button", { name: action })).toBeInTheDocument();
    }
    const own = screen.getByText("admin@demo.ro").closest("tr")!;
    expect(within(own).getAllByRole("button").map((button) => button.textContent)).toEqual(["Modifică rolurile"]);
  });

  it("lets an admin tick only the roles an admin may grant, named in Romanian, and saves the new set", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    const row = (await screen.findByText("facturare@demo.ro")).closest("tr")!;
    expect(within(row).getByText("Operator facturare")).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Modifică rolurile" }));
    const dialog = await screen.findByRole("dialog", { name: "Rolurile utilizatorului facturare@demo.ro" });
    const invoicing = await within(dialog).findByRole("checkbox", { name: "Operator facturare" });
    expect(invoicing).toBeChecked();
    expect(invoicing).toHaveAccessibleDescription(/^Lucrează zilnic în SmartBill/);
    expect(within(dialog).getByRole("checkbox", { name: "Administrator firmă" })).not.toBeChecked();
    expect(within(dialog).queryByRole("checkbox", { name: "Super-administrator" })).toBeNull();
    expect(dialog).not.toHaveTextContent(/ROLE_/);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Administrator firmă" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Rolurile au fost actualizate cu succes.")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByText("facturare@demo.ro").closest("tr")!).getByText("Administrator firmă")).toBeInTheDocument(),
    );
    expect(document.body).not.toHaveTextContent(/ROLE_/);
  });

  it("never offers the super-admin's role for a client company's user, but does for the system tenant's", async () => {
    await signInLive("superadmin@demo.ro");
    renderWithAdmin(<UserList />);
    const demo = await screen.findByRole("region", { name: "Demo SRL" });
    const row = (await within(demo).findByText("facturare@demo.ro")).closest("tr")!;
    await userEvent.click(await within(row).findByRole("button", { name: "Modifică rolurile" }));
    const dialog = await screen.findByRole("dialog", { name: "Rolurile utilizatorului facturare@demo.ro" });
    await within(dialog).findByRole("checkbox", { name: "Operator facturare" });
    expect(within(dialog).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual([
      "Administrator firmă",
      "Operator facturare",
    ]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Anulează" }));

    await userEvent.click(screen.getAllByRole("button", { name: "Adaugă utilizator" })[0]);
    const add = await screen.findByRole("dialog", { name: "Adaugă utilizator" });
    await userEvent.click(within(add).getByRole("combobox", { name: "Firmă" }));
    await userEvent.click(await screen.findByRole("option", { name: "system" }));
    expect(await within(add).findByRole("checkbox", { name: "Super-administrator" })).toBeInTheDocument();
    await userEvent.click(within(add).getByRole("checkbox", { name: "Super-administrator" }));
    await userEvent.click(within(add).getByRole("combobox", { name: "Firmă" }));
    await userEvent.click(await screen.findByRole("option", { name: "Demo SRL" }));
    await waitFor(() => expect(within(add).queryByRole("checkbox", { name: "Super-administrator" })).toBeNull());
    expect(within(add).getAllByRole("checkbox")).toHaveLength(2);
    // The role ticked for the system tenant does not go along to the company.
    await userEvent.type(within(add).getByRole("textbox", { name: "Email" }), "nu-devine-sef@demo.ro");
    await userEvent.click(within(add).getByRole("button", { name: "Salvează" }));
    expect(await within(add).findByText("Alegeți cel puțin un rol.")).toBeInTheDocument();
  });

  it("adds a user with the role chosen in the dialog, asking for a role and a well-formed email first", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    await userEvent.click((await screen.findAllByRole("button", { name: "Adaugă utilizator" }))[0]);
    const add = await screen.findByRole("dialog", { name: "Adaugă utilizator" });
    expect(await within(add).findByRole("checkbox", { name: "Operator facturare" })).toHaveAccessibleDescription(/^Lucrează zilnic/);
    const email = within(add).getByRole("textbox", { name: "Email" });
    await userEvent.type(email, "fara-domeniu@firma");
    await userEvent.click(within(add).getByRole("button", { name: "Salvează" }));
    expect(await within(add).findByText("Adresa de email nu este validă (de exemplu nume@firma.ro).")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(within(add).getByText("Alegeți cel puțin un rol.")).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, "colega.noua@demo.ro");
    await userEvent.click(within(add).getByRole("checkbox", { name: "Operator facturare" }));
    await userEvent.click(within(add).getByRole("button", { name: "Salvează" }));
    const link = await screen.findByRole("dialog", { name: "Link pentru parolă" });
    expect(link).toHaveTextContent("colega.noua@demo.ro");
    await userEvent.click(within(link).getByRole("button", { name: "Închide" }));
    const row = (await screen.findByText("colega.noua@demo.ro")).closest("tr")!;
    expect(within(row).getByText("Operator facturare")).toBeInTheDocument();
  });
});
