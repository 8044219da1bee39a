import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/freePort";


async function waitFor<T>(probe: () => Promise<T>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

describe("npm run dev", () => {
  it("serves the UI through Vite and proxies the API to the server", async () => {
    const [apiPort, vitePort] = [await freePort(), await freePort()];
    const dir = mkdtempSync(join(tmpdir(), "dev-"));
    const dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts"], {
      env: { ...process.env, API_PORT: String(apiPort), VITE_PORT: String(vitePort), DATABASE_URL: `sqlite:${join(dir, "app.db")}`, LOG_LEVEL: "silent" },
      stdio: "ignore",
      detached: true, // its own process group, so the server and Vite it starts stop with it
    });
    try {
      const page = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${vitePort}/login`);
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.text();
      }, 60_000);
      expect(page).toContain("/@react-refresh"); // hot reload is wired in
      const login = await waitFor(async () => {
        const response = await fetch(`http://127.0.0.1:${vitePort}/dmz-api/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ username: "admin@demo.ro", password: "demo1234" }),
        });
        if (response.status === 502 || response.status === 500) throw new Error(`status ${response.status}`);
        return response;
      }, 60_000);
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ userName: "admin@demo.ro", tenant: { name: "Demo SRL" } });
    } finally {
      process.kill(-dev.pid!, "SIGTERM");
      await new Promise((resolve) => dev.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
