/**
 * What the warehouse, stock, invoice and task tests share: the app wired to its own SmartBill
 * emulator, an invoicing user of a new tenant made through the API (as an operator would), stock
 * items written directly, and waiting for a task to end.
 */
import { expect } from "vitest";
import type { GenerateSetUrlResponse, LoginResponse, Task, Tenant, User } from "../../contract/api";
import type { Dialect } from "./dialects";
import { type TestApp, testApp, type TestAppOptions } from "./testApp";

/** The emulator's control API, mounted beside its SmartBill API in the app. */
export const EMULATOR_CONTROL = "/smartbill-emulator/__emulator";

/** The app listening on a loopback port, with tenant 2's smartbill.url pointing at its emulator. */
export async function liveApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const t = await testApp(dialect, options);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await t.db
    .updateTable("properties")
    .set({ value: `http://127.0.0.1:${port}/smartbill-emulator/SBORO/api` })
    .where("tenantId", "=", 2)
    .where("name", "=", "smartbill.url")
    .execute();
  return t;
}

/** One call to the emulator's control API (state, faults, request log), which must succeed. */
export async function emulator(t: TestApp, method: "GET" | "PUT" | "POST" | "DELETE", path: string, body?: object) {
  const response = await t.app.inject({ method, url: `${EMULATOR_CONTROL}${path}`, ...(body ? { payload: body } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json() : undefined;
}

/** A new tenant and an invoicing user of it, made by the super-admin through the API; signed in. */
export async function invoicingUserOfNewTenant(
  t: TestApp,
  superadmin: LoginResponse,
  tenantName: string,
  email: string,
): Promise<{ tenantId: number; session: LoginResponse }> {
  const tenant = await t.api("POST", "/api/tenant/add", { session: superadmin, body: { name: tenantName } });
  expect(tenant.statusCode).toBe(200);
  const tenantId = tenant.json<Tenant>().id;
  const user = await t.api("POST", "/api/user/add", { session: superadmin, body: { email, tenantId } });
  expect(user.statusCode).toBe(200);
  const userId = user.json<User>().id;
  const roles = await t.api("PUT", `/api/user/role/assign/${userId}`, {
    session: superadmin,
    body: { roles: ["ROLE_SMARTBILL"] },
  });
  expect(roles.statusCode).toBe(200);
  const link = await t.api("POST", "/api/user/generate-set-url", {
    session: superadmin,
    body: { email, baseUrl: "http://localhost/dmz" },
  });
  const url = new URL(link.json<GenerateSetUrlResponse>().url);
  const password = "parola-de-test-1";
  const set = await t.api("POST", "/dmz-api/set", {
    body: { email, token: url.searchParams.get("token"), newPassword: password },
    xsrf: false,
  });
  expect(set.statusCode).toBe(200);
  return { tenantId, session: await t.signIn(email, password) };
}

export interface NewStockItem {
  productCode: string | null;
  productName: string;
  measuringUnit?: string;
  quantity: number;
}

/** Writes stock items straight into the database (as an import would have). */
export async function addStockItems(
  t: TestApp,
  tenantId: number,
  warehouseId: number,
  items: readonly NewStockItem[],
): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < items.length; start += 500) {
    await t.db
      .insertInto("stock_items")
      .values(
        items.slice(start, start + 500).map((item) => ({
          tenantId,
          warehouseId,
          measuringUnit: "buc",
          ...item,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
}

/** Creates a warehouse straight in the database and answers its id. */
export async function addWarehouse(
  t: TestApp,
  tenantId: number,
  warehouseName: string,
  warehouseType: "en gros" | "en detail" = "en gros",
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto("warehouses")
    .values({ tenantId, warehouseName, warehouseType, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Polls GET /api/tasks/{id} until the task is done or failed, and answers it. */
export async function waitForTask(
  t: TestApp,
  session: LoginResponse,
  taskId: number,
  { tenantId, timeoutMs = 10_000 }: { tenantId?: number; timeoutMs?: number } = {},
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.api("GET", `/api/tasks/${taskId}`, { session, tenantId });
    expect(response.statusCode).toBe(200);
    const task = response.json<Task>();
    if (task.status === "done" || task.status === "failed") return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls the database until `check` holds (for states no endpoint waits for). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
