/**
 * The ANAF client calls only ANAF_URL (server/anaf/allowedUrl.ts): https, plain http only on
 * this machine; unset, ANAF's host in production and the server's own emulator in demo mode.
 */
import { describe, expect, it } from "vitest";
import { AnafUnavailable, createAnafClient } from "../../server/anaf/index";
import { ConfigError, loadConfig } from "../../server/config";
import { anafMessages } from "../../server/messages";

const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), APP_URL: "https://app.example.ro" };

describe("ANAF_URL", () => {
  it("is ANAF's host in production and, in demo mode, none (the server's own emulator) when unset", () => {
    expect(loadConfig(production).anaf).toEqual({ url: "https://webservicesp.anaf.ro", timeoutMs: 15_000 });
    expect(loadConfig({ NODE_ENV: "test" }).anaf.url).toBeUndefined();
  });

  it("takes https anywhere and plain http only on loopback", () => {
    expect(loadConfig({ ...production, ANAF_URL: "https://anaf-proxy.example.ro/" }).anaf.url).toBe("https://anaf-proxy.example.ro");
    expect(loadConfig({ ...production, ANAF_URL: "http://127.0.0.1:9000" }).anaf.url).toBe("http://127.0.0.1:9000");
    for (const url of ["http://webservicesp.anaf.ro", "http://10.0.0.5", "https://user:pw@anaf.example.ro", "https://anaf.example.ro/?x=1", "ftp://anaf.ro"]) {
      expect(() => loadConfig({ ...production, ANAF_URL: url }), url).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...production, ANAF_TIMEOUT_MS: "0" })).toThrow(ConfigError);
  });

  it("is the only address the client calls: another is refused before anything is sent", async () => {
    let sent = 0;
    const client = createAnafClient({
      baseUrl: () => "http://192.168.1.10",
      fetch: async () => {
        sent += 1;
        return new Response("{}");
      },
    });
    const refused = await client.ask(["18547290"]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AnafUnavailable);
    expect((refused as Error).message).toBe(anafMessages.urlRefused("http://192.168.1.10"));
    expect(sent).toBe(0);
  });

  it("does not follow a redirect away from it", async () => {
    const client = createAnafClient({
      baseUrl: "https://webservicesp.anaf.ro",
      budget: { acquire: async () => () => undefined, lock: () => undefined, hold: () => undefined },
      fetch: async (_url, init) => {
        expect(init?.redirect).toBe("manual");
        return new Response(null, { status: 302, headers: { location: "http://10.0.0.1/" } });
      },
    });
    const refused = await client.ask(["18547290"]).catch((error: unknown) => error);
    expect((refused as AnafUnavailable).failure).toBe("refused");
  });
});
