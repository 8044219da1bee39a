import { readFileSync } from "node:fs";
import { configure, screen, within } from "@testing-library/react";
import type { CustomerImportResult, FirstSteps } from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import Profile from "../pages/Profile";
import { httpClient } from "../providers/httpClient";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import { FirstStepsCard } from "./FirstStepsChecklist";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

const step = (name: keyof FirstSteps) => screen.getByTestId(`first-step-${name}`);
/** The step's icon says, to a screen reader too, whether it is done. */
const ticked = (name: keyof FirstSteps) =>
  within(step(name)).queryByRole("img", { name: "Făcut" }) ? "Făcut" : within(step(name)).getByRole("img", { name: "De făcut" }) && "De făcut";

describe("'Primii pași' on an administrator's landing page", () => {
  it("lists the four steps, ticking the done ones, each a link to where it is done or who does it", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<Profile />);
    expect(await screen.findByRole("heading", { name: "Primii pași" })).toBeInTheDocument();
    // The demo seed's address names the configured port (0 here), not this server: not configured yet.
    expect(ticked("smartBillConnection")).toBe("De făcut");
    expect(ticked("invoicingUser")).toBe("Făcut");
    expect(ticked("warehouse")).toBe("De făcut");
    expect(ticked("customers")).toBe("De făcut");
    expect(within(step("smartBillConnection")).getByRole("link", { name: "Conectați firma la SmartBill" })).toHaveAttribute(
      "href",
      "/smartbill-connection",
    );
    expect(within(step("invoicingUser")).getByRole("link")).toHaveAttribute("href", "/users");
    // Roles by their names, here and on the profile above: never their codes.
    expect(within(step("invoicingUser")).getByRole("link")).toHaveTextContent(
      "Adăugați un utilizator de facturare (cu rolul „Operator facturare”)",
    );
    expect(await screen.findByTestId("profile-roles")).toHaveTextContent("Administrator firmă");
    expect(document.body).not.toHaveTextContent(/ROLE_/);
    // The admin sets up the warehouses; the customers are the invoicing user's to import.
    expect(within(step("warehouse")).getByRole("link")).toHaveAttribute("href", "/warehouses");
    expect(within(step("customers")).queryByRole("link")).not.toBeInTheDocument();
    expect(step("customers")).toHaveTextContent("Îl face utilizatorul de facturare, din meniul „Import clienți”.");
  });

  it("ticks a step once it is done, and is gone once all four are", async () => {
    await signInLive("admin@demo.ro");
    await (dataProvider as AppDataProvider).saveSmartBillConnection({
      username: "facturare@demo.ro",
      token: "demo-smartbill-token-0001",
      cif: "RO40671760",
      url: `${server.url}/smartbill-emulator/SBORO/api`,
    });
    const { unmount } = renderWithAdmin(<Profile />);
    await screen.findByRole("heading", { name: "Primii pași" });
    expect(ticked("smartBillConnection")).toBe("Făcut");
    unmount();

    await signInLive("facturare@demo.ro");
    await httpClient("/api/smartbill/warehouses", {
      method: "POST",
      body: JSON.stringify({ warehouseName: "Depozit Central", warehouseType: "en gros" }),
    });
    const form = new FormData();
    form.append("file", new File([new Uint8Array(readFileSync("test/fixtures/customers/ro-title.xlsx"))], "ro-title.xlsx"));
    const imported = await httpClient<CustomerImportResult>("/api/smartbill/customer/import", { method: "POST", body: form });
    expect(imported.json.error).toBe(false);

    await signInLive("admin@demo.ro");
    const { json: steps } = await httpClient<FirstSteps>(API_PATHS.firstSteps);
    expect(steps).toEqual({ smartBillConnection: true, invoicingUser: true, warehouse: true, customers: true });
    const { container } = renderWithAdmin(<FirstStepsCard steps={steps} />);
    expect(container).toBeEmptyDOMElement();
  });
});
