/** Payloads of the API as both sides see them (product-spec section 7). */
import type { RoleName } from "./roles";

export interface TenantRef {
  id: number;
  name: string;
}

/** Every error answer: a message to show, and optionally one per field. */
export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

export interface MessageResponse {
  message: string;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResponse {
  authenticationToken: string;
  refreshToken: string;
  userName: string;
  tenant: TenantRef;
}

export interface RefreshRequest {
  refreshToken: string;
}

/** Body of POST /dmz-api/logout: the refresh token of the session to end. */
export interface LogoutRequest {
  refreshToken: string;
}

/** Body of POST /dmz-api/set and /dmz-api/reset. */
export interface PasswordTokenRequest {
  email: string;
  token: string;
  newPassword: string;
}

export interface RecoverRequest {
  email: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** GET /api/me */
export interface MeResponse {
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
}

/** The access token's payload. */
export interface AccessTokenClaims {
  /** user id, as a string (JWT convention) */
  sub: string;
  email: string;
  tenant: TenantRef;
  roles: RoleName[];
  /** the login (refresh-token family) this token belongs to */
  sid: string;
  exp: number;
  iat: number;
}
