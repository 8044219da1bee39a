import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { UserList } from "./UserList";

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
    for (const action of ["Editează", "Reset password", "Manage Roles", "Șterge"]) {
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

  it("offers only Manage Roles on one's own row: email, password link and deletion are another administrator's", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    const other = (await screen.findByText("facturare@demo.ro")).closest("tr")!;
    for (const action of ["Editează", "Reset password", "Manage Roles", "Șterge"]) {
      expect(await within(other).findByRole("button", { name: action })).toBeInTheDocument();
    }
    const own = screen.getByText("admin@demo.ro").closest("tr")!;
    expect(within(own).getAllByRole("button").map((button) => button.textContent)).toEqual(["Manage Roles"]);
  });

  it("lets an admin tick only the roles an admin may grant, and saves the new set", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<UserList />);
    const row = (await screen.findByText("facturare@demo.ro")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "Manage Roles" }));
    const dialog = await screen.findByRole("dialog", { name: "Manage Roles for facturare@demo.ro" });
    const smartbill = await within(dialog).findByRole("checkbox", { name: "ROLE_SMARTBILL" });
    expect(smartbill).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "ROLE_ADMIN" })).not.toBeChecked();
    expect(within(dialog).queryByRole("checkbox", { name: "ROLE_SUPERADMIN" })).toBeNull();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "ROLE_ADMIN" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(await screen.findByText("Rolurile au fost actualizate cu succes.")).toBeInTheDocument();
    await vi.waitFor(() => expect(within(screen.getByText("facturare@demo.ro").closest("tr")!).getByText("ROLE_ADMIN")).toBeInTheDocument());
  });
});
