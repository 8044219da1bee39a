import { screen, within } from "@testing-library/react";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { PropertyList } from "./PropertyList";

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

describe("the settings screen", () => {
  it("shows the tenant's SmartBill settings with the token masked", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<PropertyList />);
    const value = async (name: string) =>
      within((await screen.findByText(name)).closest("tr")!).getByTestId("property-value").textContent;
    expect(await value("smartbill.token")).toMatch(/^d\*+1$/);
    expect(await value("smartbill.cif")).toBe("RO40671760");
    expect(await value("smartbill.username")).toBe("facturare@demo.ro");
    expect(screen.getByText("Configurare parametri")).toBeInTheDocument();
  });
});
