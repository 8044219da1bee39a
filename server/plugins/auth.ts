/**
 * Who is calling. `app.authenticate` (an onRequest hook, added by the /api scope) accepts a
 * Bearer access token whose signature and expiry check out and whose session is still open,
 * and sets `request.user`; anything else is a 401 before the body is even read.
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { TenantRef } from "../../contract/api";
import type { RoleName } from "../../contract/roles";
import { verifyAccessToken } from "../auth/accessTokens";
import { resolveJwtSecret } from "../auth/jwtSecret";
import { isSessionActive } from "../auth/sessions";
import { HttpError } from "../errors";
import { messages } from "../messages";

export interface AuthUser {
  id: number;
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
  sessionId: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The HS256 key access tokens are signed and checked with. */
    jwtKey: Uint8Array;
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; present on every /api route. */
    user: AuthUser;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorate("jwtKey", await resolveJwtSecret(app.db, app.config));
    app.decorateRequest("user", null as unknown as AuthUser);

    app.decorate("authenticate", async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
      if (!match) throw new HttpError(401, messages.authenticationRequired);
      const claims = verifyAccessToken(app.jwtKey, match[1]);
      // A revoked session (logout elsewhere, refresh-token reuse, password change) ends its
      // access tokens at once rather than when they expire.
      if (!claims || !(await isSessionActive(app.db, claims.sid))) {
        throw new HttpError(401, messages.sessionExpired);
      }
      request.user = {
        id: Number(claims.sub),
        email: claims.email,
        tenant: claims.tenant,
        roles: claims.roles,
        sessionId: claims.sid,
      };
    });
  },
  { name: "auth", dependencies: ["db"] },
);
