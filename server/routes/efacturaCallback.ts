/**
 * GET /api/efactura/callback?code&state (or ?error&state): where ANAF's consent page sends the
 * browser back after the company's certificate signed in. Public — the browser arrives from ANAF
 * without the app's bearer token — so the `state` is what authenticates it: random, single-use
 * (deleted by the statement that reads it, so two arrivals with one state store at most once),
 * at most EFACTURA_AUTHORIZATION_MINUTES old, bound to the tenant and the admin who began, and
 * accepted only from the browser that began it (server/efactura/authorizationCookie.ts).
 * The code is exchanged with that authorisation's PKCE verifier, so a code stolen on the way is
 * worth nothing elsewhere. The browser is then sent to the 'e-Factura (SPV)' screen with a result
 * code the screen words (never text from the request). Registered beside /api (app.ts), outside
 * its bearer check; mounted with the full path so it answers at /api/efactura/callback.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { Type } from "typebox";
import {
  EFACTURA_AUTHORIZATION_MINUTES,
  EFACTURA_CONNECTION_PAGE,
  EFACTURA_RESULT_PARAM,
  type EfacturaCallbackResult,
} from "../../contract/efacturaConnection";
import { API_PATHS } from "../../contract/paths";
import { rolesAllow } from "../../contract/roles";
import { refuseControlCharacters } from "../controlCharacters";
import { beganHere, forgetAuthorization } from "../efactura/authorizationCookie";
import { efacturaCallbackUrl } from "../efactura/callbackUrl";
import { oauthSettings, saveEfacturaConnection } from "../efactura/efacturaAccess";
import { exchangeCode, OauthFailure } from "../efactura/oauthClient";
import { documentAccessOf } from "../plugins/requireRole";
import { noStore } from "../plugins/securityHeaders";
import { cifForAnaf } from "./api/efacturaConnection/cifForAnaf";
import { readConnection } from "./api/smartbillConnection/smartbillConnection.repository";

const param = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const efacturaCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook("onRequest", noStore);
  app.addHook("preValidation", refuseControlCharacters);
  documentAccessOf(app, "public");

  app.get(
    API_PATHS.efacturaCallback,
    {
      config: { audit: "efacturaConnection.connect" },
      schema: {
        // Anything longer is not ANAF's: refused as an unknown authorisation, not a 400 page.
        querystring: Type.Object({ code: param(8192), state: param(512), error: param(200), error_description: param(2000) }),
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      // Another browser's arrival (someone else's consent to this authorisation) leaves it
      // untouched, for the browser that began it.
      if (!state || !beganHere(request, state)) return back(reply, "invalid");
      forgetAuthorization(request, reply);
      const now = app.now();
      // Read and spent in one statement: a second arrival with the same state finds nothing.
      const pending = await app.db.deleteFrom("efactura_authorizations").where("state", "=", state).returningAll().executeTakeFirst();
      if (!pending || Date.parse(pending.createdAt) < now - EFACTURA_AUTHORIZATION_MINUTES * 60_000 || Date.parse(pending.createdAt) > now + 60_000) {
        return back(reply, "invalid");
      }
      if (error || !code) return back(reply, error ? "denied" : "invalid");
      // The admin who began must still be the tenant's, and still one who may connect it (a role
      // taken away during the authorisation's minutes takes the authorisation with it).
      const user = await app.db.selectFrom("users").select(["id", "email"]).where("id", "=", pending.userId).where("tenantId", "=", pending.tenantId).executeTakeFirst();
      if (!user) return back(reply, "invalid");
      const roles = await app.db
        .selectFrom("user_roles")
        .innerJoin("roles", "roles.id", "user_roles.roleId")
        .select("roles.name")
        .where("user_roles.userId", "=", user.id)
        .execute();
      if (!rolesAllow(roles.map((role) => role.name), "efacturaConnection")) return back(reply, "invalid");
      const cif = cifForAnaf((await readConnection(app.db, pending.tenantId)).cif);
      if (!cif) return back(reply, "noCif");
      const settings = oauthSettings(app);
      const redirectUri = efacturaCallbackUrl(app);
      if (!settings || !redirectUri) return back(reply, "failed");
      let tokens;
      try {
        tokens = await exchangeCode(settings, code, redirectUri, pending.codeVerifier);
      } catch (failure) {
        if (!(failure instanceof OauthFailure)) throw failure;
        request.log.warn({ tenantId: pending.tenantId, status: failure.status, refused: failure.refused }, "the e-Factura code exchange failed");
        return back(reply, failure.refused ? "refused" : "failed");
      }
      await app.db.transaction().execute(async (trx) => {
        await saveEfacturaConnection(trx, app.config.efactura.tokenKey, pending.tenantId, { cif, ...tokens }, { userId: user.id, email: user.email });
        // Who connected which company; never a token.
        await request.audit(trx, { user: { id: user.id, email: user.email }, tenantId: pending.tenantId, targetLabel: cif });
      });
      return back(reply, "connected");
    },
  );
};

/** To the screen, with the result it shows. */
function back(reply: FastifyReply, result: EfacturaCallbackResult) {
  return reply.redirect(`${EFACTURA_CONNECTION_PAGE}?${EFACTURA_RESULT_PARAM}=${result}`, 302);
}
