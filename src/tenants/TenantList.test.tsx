import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { TenantList } from "./TenantList";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

const rowOf = async (text: string) => (await screen.findByText(text)).closest("tr")!;

describe("the tenants screen", () => {
  it("lists the companies with Romanian column names and hides edit and delete for tenant 1", async () => {
    await signInLive("superadmin@demo.ro");
    renderWithAdmin(<TenantList />);
    const system = await rowOf("system");
    expect(within(system).queryAllByRole("button")).toHaveLength(0);
    const demo = await rowOf("Demo SRL");
    expect(within(demo).getByRole("button", { name: "Editează" })).toBeInTheDocument();
    expect(within(demo).getByRole("button", { name: "Șterge" })).toBeInTheDocument();
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["#", "Nume", "Descriere", "Data creării", "Ultima modificare", "Acțiuni"]);
  });

  it("asks for a name before sending a new tenant", async () => {
    await signInLive("superadmin@demo.ro");
    renderWithAdmin(<TenantList />);
    await userEvent.click(await screen.findByRole("button", { name: "Adaugă firmă" }));
    const dialog = await screen.findByRole("dialog", { name: "Adaugă firmă" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Salvează" }));
    expect(await within(dialog).findByText("Introduceți numele firmei.")).toBeInTheDocument();
  });

  it("is the not-found page for an admin", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<TenantList />);
    expect(await screen.findByRole("heading", { name: "Pagină Inexistentă" })).toBeInTheDocument();
  });
});
