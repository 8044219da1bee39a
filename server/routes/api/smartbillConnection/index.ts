/**
 * /api/smartbill/connection: the tenant's SmartBill settings as one form ('Conexiune SmartBill'),
 * for admins and super-admins (role matrix row `smartbillConnection`), and whether they are
 * complete (`/status`), for every role that uses a SmartBill screen. Everything is the request's
 * tenant's; the token leaves the server only masked, and its mask sent back means the stored one.
 *
 * `/test` asks SmartBill with the entered settings (its tax list, then its invoice series) and
 * saves nothing: the form saves only after a test passed, unless the user chooses to save anyway.
 * The call goes through the ordinary client, so the address allow-list and the token's rate
 * limit apply as they do to every other SmartBill call.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SmartBillConnection, SmartBillConnectionInput } from "../../../../contract/api";
import { maskSecret } from "../../../../contract/maskSecret";
import { rolesAllow } from "../../../../contract/roles";
import { type Counter, takeAttempt } from "../../../auth/loginThrottle";
import { HttpError, throttled } from "../../../errors";
import { messages, smartBillConnectionMessages, smartBillConnectionTestFailed, tooManyRequests } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { checkedBy, requireRole } from "../../../plugins/requireRole";
import { createSmartBillClient, DEFAULT_SMARTBILL_URL, SMARTBILL_SETTINGS } from "../../../smartbill/client";
import { DEMO_SMARTBILL_ACCOUNT } from "../../../demo/demoCompany";
import { SmartBillError } from "../../../smartbill/types";
import { failureAnswer } from "../../../smartbill/failureAnswer";
import { connectionInput } from "./connectionInput";
import {
  connectionBody,
  ConnectionSavedAnswer,
  ConnectionSchema,
  ConnectionStatusAnswer,
  ConnectionTestAnswer,
} from "../../../../contract/schemas/smartbillConnection";
import { isConnectionConfigured, readConnection, saveConnection } from "./smartbillConnection.repository";
import { routeFolder } from "../routeFolder";

export const smartBillConnectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  const administrators = checkedBy(requireRole("smartbillConnection"), "smartbillConnection");

  app.get(
    "/status",
    { ...checkedBy(usesSmartBill, "invoices", "smartbillConnection"), schema: { response: { 200: ConnectionStatusAnswer } } },
    async (request) => ({ configured: await isConnectionConfigured(app.db, request.tenantId, app.smartBillUrls) }),
  );

  app.get("/", { ...administrators, schema: { response: { 200: ConnectionSchema } } }, async (request) =>
    connectionView(app, request.tenantId, await readConnection(app.db, request.tenantId)),
  );

  app.put(
    "/",
    { ...administrators, config: { ...administrators.config, audit: "smartbillConnection.update" }, schema: { body: connectionBody, response: { 200: ConnectionSavedAnswer } } },
    async (request) => {
      const stored = await readConnection(app.db, request.tenantId);
      const connection = connectionInput(request.body, stored.token, app.smartBillUrls, "save");
      // The token is never in the log; the company's CIF names what was connected.
      await audited(request, app.db, (trx) => saveConnection(trx, request.tenantId, connection), () => ({ targetLabel: connection.cif }));
      return { ...(await connectionView(app, request.tenantId, connection)), message: smartBillConnectionMessages.saved };
    },
  );

  app.post(
    "/test",
    // A check with the details typed in: nothing is saved.
    { ...administrators, config: { ...administrators.config, audit: false }, schema: { body: connectionBody, response: { 200: ConnectionTestAnswer } } },
    async (request) => {
      const stored = await readConnection(app.db, request.tenantId);
      const { url, ...credentials } = connectionInput(request.body, stored.token, app.smartBillUrls, "test");
      // Each test may send SmartBill a login it refuses, and every token tried gets a limiter of
      // its own (on PostgreSQL, a row of smartbill_budget): a tenant tests a bounded number of
      // times in a window.
      const lockedMs = await takeAttempt(app.db, connectionTestCounters(request.tenantId), CONNECTION_TEST_WINDOW_SECONDS);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyRequests);
      try {
        const client = createSmartBillClient({ baseUrl: url, ...credentials }, { smartBillUrls: app.smartBillUrls, budgetDb: app.db });
        // One after the other: refused credentials cost one call of the token's 30, not two.
        const taxes = await client.getTaxes();
        const series = await client.getSeries("f");
        return {
          taxes: taxes.map(({ name, percentage }) => ({ name, percentage })),
          series: series.map(({ name, nextNumber }) => ({ name, nextNumber })),
        };
      } catch (error) {
        throw testFailed(error);
      }
    },
  );
};

/** Connection tests a tenant may run within CONNECTION_TEST_WINDOW_SECONDS. */
export const MAX_CONNECTION_TESTS = 20;
const CONNECTION_TEST_WINDOW_SECONDS = 600;

function connectionTestCounters(tenantId: number): Counter[] {
  return [{ key: `connection-test:${tenantId}`, max: MAX_CONNECTION_TESTS }];
}

/** The SmartBill screens' roles (invoicing) and the administrators who set the connection up. */
async function usesSmartBill(request: FastifyRequest): Promise<void> {
  const roles = request.user?.roles;
  if (!rolesAllow(roles, "invoices") && !rolesAllow(roles, "smartbillConnection")) {
    throw new HttpError(403, messages.roleForbidden);
  }
}

async function connectionView(
  app: FastifyInstance,
  tenantId: number,
  connection: SmartBillConnectionInput,
): Promise<SmartBillConnection> {
  // Set only in demo mode, where the emulator is mounted (never in production).
  const { emulatorUrl } = app.smartBillUrls.allowed();
  return {
    username: connection.username,
    token: maskSecret(SMARTBILL_SETTINGS.token, connection.token),
    cif: connection.cif,
    url: connection.url || DEFAULT_SMARTBILL_URL,
    configured: await isConnectionConfigured(app.db, tenantId, app.smartBillUrls),
    defaultUrl: DEFAULT_SMARTBILL_URL,
    emulatorUrl: emulatorUrl ?? null,
    emulatorAccount: emulatorUrl ? { ...DEMO_SMARTBILL_ACCOUNT, url: emulatorUrl } : null,
  };
}

/** SmartBill's own reason, with a status that says whose fault it was. */
function testFailed(error: unknown): HttpError {
  if (!(error instanceof SmartBillError)) throw error;
  return failureAnswer(error, smartBillConnectionTestFailed(error.message));
}

export default routeFolder({ routes: smartBillConnectionRoutes });
