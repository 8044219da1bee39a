import type { ReactNode } from "react";
import { configure, renderHook, screen, waitFor } from "@testing-library/react";
import { AdminContext } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { StockImport } from "../stock/StockImport";
import { authProvider } from "../providers/authProvider";
import type { AppDataProvider } from "../providers/customMethods";
import { dataProvider } from "../providers/dataProvider";
import { useSmartBillConfigured } from "./connectionApi";
import { SmartBillConnectionNotice } from "./SmartBillConnectionNotice";

configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

/** The app's providers around a hook, each time afresh (nothing cached from the last one). */
const withAdmin = ({ children }: { children: ReactNode }) => (
  <AdminContext dataProvider={dataProvider} authProvider={authProvider}>
    {children}
  </AdminContext>
);

const NOT_CONFIGURED =
  "Conexiunea SmartBill a firmei nu este configurată, așa că importul stocului și trimiterea facturilor la SmartBill nu pot funcționa încă.";

describe("the notice on SmartBill screens", () => {
  // The demo seed's address names the configured port (0 here), not this server: not configured.
  it("tells the invoicing user on a SmartBill screen to ask an administrator, with no link they could not open", async () => {
    await signInLive("facturare@demo.ro");
    renderWithAdmin(<StockImport />);
    const notice = await screen.findByTestId("smartbill-connection-notice");
    expect(notice).toHaveTextContent(
      `${NOT_CONFIGURED} Cereți unui administrator al firmei să o completeze în „Conexiune SmartBill”.`,
    );
    expect(screen.queryByRole("link", { name: "Conexiune SmartBill" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Import Stoc" })).toBeInTheDocument();
  });

  it("gives an administrator the way to 'Conexiune SmartBill'", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<SmartBillConnectionNotice />);
    expect(await screen.findByTestId("smartbill-connection-notice")).toHaveTextContent(
      `${NOT_CONFIGURED} Completați-o în „Conexiune SmartBill”.`,
    );
    expect(screen.getByRole("link", { name: "Conexiune SmartBill" })).toHaveAttribute("href", "/smartbill-connection");
  });

  it("is not shown once the connection is set: the status then says configured", async () => {
    await signInLive("admin@demo.ro");
    const before = renderHook(() => useSmartBillConfigured(), { wrapper: withAdmin });
    await waitFor(() => expect(before.result.current).toBe(false));
    await (dataProvider as AppDataProvider).saveSmartBillConnection({
      username: "facturare@demo.ro",
      token: "demo-smartbill-token-0001",
      cif: "RO40671760",
      url: `${server.url}/smartbill-emulator/SBORO/api`,
    });
    await signInLive("facturare@demo.ro");
    const after = renderHook(() => useSmartBillConfigured(), { wrapper: withAdmin });
    await waitFor(() => expect(after.result.current).toBe(true));
  });
});
