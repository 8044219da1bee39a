/**
 * /api/efactura/connection: the tenant's connection to ANAF's SPV ('e-Factura (SPV)').
 * - GET: its state (contract EfacturaConnection), never a token; for the admins who connect it
 *   and the invoicing role, whose screens read SPV through it.
 * - POST: begins connecting (admins): a pending authorisation with a random single-use `state`
 *   and a PKCE verifier, bound to the tenant, the admin and (by a cookie) the admin's browser;
 *   answers ANAF's consent page's address.
 *   The browser comes back to GET /api/efactura/callback (server/routes/efacturaCallback.ts).
 * - DELETE: disconnects (admins): the tokens revoked at ANAF as far as it answers, the row deleted.
 * The tenant's SmartBill CIF is the company connected: without it, nothing begins.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { EFACTURA_AUTHORIZATION_MINUTES, EFACTURA_CONNECTION_MESSAGES } from "../../../../contract/efacturaConnection";
import { rolesAllow } from "../../../../contract/roles";
import { MessageAnswer } from "../../../../contract/schemas/answers";
import { EfacturaAuthorizationSchema, EfacturaConnectionSchema } from "../../../../contract/schemas/efacturaConnection";
import { timestamp } from "../../../db/timestamps";
import { rememberAuthorization } from "../../../efactura/authorizationCookie";
import { efacturaCallbackUrl } from "../../../efactura/callbackUrl";
import { oauthSettings } from "../../../efactura/efacturaAccess";
import { authorizeUrl, OauthFailure, pkcePair, randomState, revokeToken } from "../../../efactura/oauthClient";
import { decryptToken } from "../../../efactura/tokenCipher";
import { HttpError } from "../../../errors";
import { messages } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { checkedBy, requireRole } from "../../../plugins/requireRole";
import { routeFolder } from "../routeFolder";
import { readConnection } from "../smartbillConnection/smartbillConnection.repository";
import { connectionView } from "./connectionView";
import { cifForAnaf } from "./cifForAnaf";

export const efacturaConnectionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const administrators = checkedBy(requireRole("efacturaConnection"), "efacturaConnection");

  app.get("/", { ...checkedBy(readsConnection, "efacturaConnection", "invoices"), schema: { response: { 200: EfacturaConnectionSchema } } }, async (request) =>
    connectionView(app.db, app.config, request.tenantId),
  );

  app.post(
    "/",
    {
      ...administrators,
      // Nothing is connected yet: the callback records the connection when ANAF agreed.
      config: { ...administrators.config, audit: false },
      schema: { response: { 200: EfacturaAuthorizationSchema, 409: MessageAnswer, 503: MessageAnswer } },
    },
    async (request, reply) => {
      const settings = oauthSettings(app);
      if (!app.config.efactura.clientId || !app.config.efactura.clientSecret) {
        return reply.code(409).send({ message: EFACTURA_CONNECTION_MESSAGES.unavailable });
      }
      const cif = cifForAnaf((await readConnection(app.db, request.tenantId)).cif);
      if (!cif) return reply.code(409).send({ message: EFACTURA_CONNECTION_MESSAGES.noCif });
      const redirectUri = efacturaCallbackUrl(app);
      if (!settings || !redirectUri) return reply.code(503).send({ message: EFACTURA_CONNECTION_MESSAGES.notListening });
      // The browser says where it is (Origin, on every POST): the cookie binding the authorisation
      // to it reaches the callback only on the callback's own origin.
      const callbackOrigin = new URL(redirectUri).origin;
      if (request.headers.origin && request.headers.origin !== callbackOrigin) {
        return reply.code(409).send({ message: EFACTURA_CONNECTION_MESSAGES.otherAddress(callbackOrigin) });
      }
      const state = randomState();
      const { verifier, challenge } = pkcePair();
      const now = app.now();
      await app.db.transaction().execute(async (trx) => {
        // The tenant's authorisations begun and never finished are of no use past their time.
        await trx
          .deleteFrom("efactura_authorizations")
          .where("tenantId", "=", request.tenantId)
          .where("createdAt", "<", timestamp(now - EFACTURA_AUTHORIZATION_MINUTES * 60_000))
          .execute();
        await trx
          .insertInto("efactura_authorizations")
          .values({ state, tenantId: request.tenantId, userId: request.user.id, userEmail: request.user.email, codeVerifier: verifier, createdAt: timestamp(now) })
          .execute();
      });
      rememberAuthorization(request, reply, state);
      return { authorizeUrl: authorizeUrl(settings, redirectUri, state, challenge) };
    },
  );

  app.delete(
    "/",
    { ...administrators, config: { ...administrators.config, audit: "efacturaConnection.disconnect" }, schema: { response: { 200: MessageAnswer, 404: MessageAnswer } } },
    async (request, reply) => {
      const row = await app.db
        .selectFrom("efactura_connections")
        .select(["cif", "accessToken", "refreshToken"])
        .where("tenantId", "=", request.tenantId)
        .executeTakeFirst();
      if (!row) return reply.code(404).send({ message: EFACTURA_CONNECTION_MESSAGES.notConnected });
      // Best effort: the row goes whatever ANAF answers, and a token ANAF did not revoke is no
      // longer kept anywhere here.
      const settings = oauthSettings(app);
      if (settings) {
        const key = app.config.efactura.tokenKey;
        for (const stored of [row.refreshToken, row.accessToken]) {
          try {
            await revokeToken(settings, decryptToken(key, request.tenantId, stored));
          } catch (error) {
            request.log.warn({ err: error instanceof OauthFailure ? error.message : "the token could not be read" }, "e-Factura token not revoked");
          }
        }
      }
      await audited(
        request,
        app.db,
        async (trx) => {
          await trx.deleteFrom("efactura_connections").where("tenantId", "=", request.tenantId).execute();
          await trx.deleteFrom("efactura_authorizations").where("tenantId", "=", request.tenantId).execute();
        },
        () => ({ targetLabel: row.cif }),
      );
      return { message: EFACTURA_CONNECTION_MESSAGES.disconnected };
    },
  );
};

/** Those who connect it, and the invoicing role, whose SPV screens depend on it. */
async function readsConnection(request: FastifyRequest): Promise<void> {
  const roles = request.user?.roles;
  if (!rolesAllow(roles, "efacturaConnection") && !rolesAllow(roles, "invoices")) throw new HttpError(403, messages.roleForbidden);
}

export default routeFolder({ routes: efacturaConnectionRoutes });
