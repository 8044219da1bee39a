/**
 * Where the server listens. Demo mode prints its accounts' password and serves the SmartBill
 * emulator's admin API (a PUT of /smartbill-emulator/__emulator/state rewrites it) to anyone who
 * reaches it, so unless HOST says otherwise it listens on 127.0.0.1 only, and prints that address
 * (not `localhost`, which may resolve to ::1 first). Production keeps every interface (0.0.0.0),
 * for the load balancer in front of it.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { listenOrigin } from "../../server/listenOrigin";
import { startServer } from "../../server/server";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { TEST_JWT_SECRET } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: TEST_JWT_SECRET,
  APP_URL: "https://app.firma.ro",
};

describe("HOST", () => {
  it("is 127.0.0.1 in demo mode unless set", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development", HOST: "" }).host).toBe("127.0.0.1");
  });

  it("is what it says when set, in demo mode too", () => {
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "192.168.1.20" }).host).toBe("192.168.1.20");
    expect(loadConfig({ ...PRODUCTION, HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
  });

  it("is every interface in production unless set", () => {
    expect(loadConfig(PRODUCTION).host).toBe("0.0.0.0");
  });

  it("is printed as an address a browser on this machine reaches", () => {
    expect(listenOrigin("127.0.0.1", 8080)).toBe("http://127.0.0.1:8080");
    expect(listenOrigin("0.0.0.0", 8080)).toBe("http://127.0.0.1:8080");
    expect(listenOrigin("::", 8080)).toBe("http://localhost:8080");
    expect(listenOrigin("::1", 8080)).toBe("http://[::1]:8080");
    expect(listenOrigin("192.168.1.20", 8080)).toBe("http://192.168.1.20:8080");
  });
});

describeEachDialect("a demo server started without HOST", (dialect) => {
  it("listens on 127.0.0.1 only, prints that address, and answers there", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = loadConfig({
      PORT: "0",
      DATABASE_URL: await freshDatabaseUrl(dialect),
      JWT_SECRET: TEST_JWT_SECRET,
      UI_DIR: "./test/.no-ui-build",
    });
    const app = await startServer(config, { logger: false });
    try {
      const address = app.server.address();
      expect(address).toMatchObject({ address: "127.0.0.1", family: "IPv4" });
      const port = typeof address === "object" && address ? address.port : 0;
      const printed = log.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(printed).toContain(`SmartBill back office: http://127.0.0.1:${port}\n`);
      // The emulator's admin API is there, for this machine only.
      const state = await fetch(`http://127.0.0.1:${port}/smartbill-emulator/__emulator/state`);
      expect(state.status).toBe(200);
    } finally {
      await app.close();
      log.mockRestore();
    }
  });
});
