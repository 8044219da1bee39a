/** The answer to a login or a refresh: a fresh access token plus the session's refresh token. */
import type { FastifyInstance } from "fastify";
import type { LoginResponse } from "../../../contract/api";
import { signAccessToken } from "../../auth/accessTokens";
import type { UserAccount } from "../api/users/users.repository";

export async function loginResponse(
  app: FastifyInstance,
  account: UserAccount,
  sessionId: string,
  refreshToken: string,
): Promise<LoginResponse> {
  const authenticationToken = await signAccessToken(
    app.jwtKey,
    account,
    sessionId,
    app.config.accessTokenTtlSeconds,
  );
  return { authenticationToken, refreshToken, userName: account.email, tenant: account.tenant };
}
