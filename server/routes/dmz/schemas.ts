/** Request bodies of the public (/dmz-api) routes. Strict: unknown fields are refused. */

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Generous for pass-phrases, and a bound on the work argon2 does per request. */
export const PASSWORD_MAX_LENGTH = 256;
/** Opaque tokens are 43 characters (32 bytes, base64url); the margin costs nothing. */
const TOKEN_MAX_LENGTH = 128;

const email = { type: "string", minLength: 1, maxLength: EMAIL_MAX_LENGTH } as const;
const password = { type: "string", minLength: 1, maxLength: PASSWORD_MAX_LENGTH } as const;
const token = { type: "string", minLength: 1, maxLength: TOKEN_MAX_LENGTH } as const;

export const loginBody = {
  type: "object",
  required: ["username", "password"],
  additionalProperties: false,
  properties: { username: email, password },
} as const;

export const refreshBody = {
  type: "object",
  required: ["refreshToken"],
  additionalProperties: false,
  properties: { refreshToken: token, attempt: { type: "string", pattern: "^[A-Za-z0-9_-]{16,64}$" } },
} as const;

export const logoutBody = {
  type: "object",
  required: ["refreshToken"],
  additionalProperties: false,
  properties: { refreshToken: token },
} as const;

export const passwordTokenBody = {
  type: "object",
  required: ["email", "token", "newPassword"],
  additionalProperties: false,
  properties: { email, token, newPassword: password },
} as const;

export const recoverBody = {
  type: "object",
  required: ["email"],
  additionalProperties: false,
  properties: { email },
} as const;
