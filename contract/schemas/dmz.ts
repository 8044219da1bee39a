/**
 * Shapes of the public (/dmz-api) routes (TypeBox): request bodies, strict (unknown fields are
 * refused), and the answers. contract/api.ts derives its types from them.
 */
import { Type } from "typebox";
import { CONTACT_LIMITS } from "../contact";
import { Nullable, TenantRefSchema } from "./answers";

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Generous for pass-phrases, and a bound on the work argon2 does per request. */
export const PASSWORD_MAX_LENGTH = 256;
/** Opaque tokens are 43 characters (32 bytes, base64url); the margin costs nothing. */
const TOKEN_MAX_LENGTH = 128;

const email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
export const password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const token = Type.String({ minLength: 1, maxLength: TOKEN_MAX_LENGTH });
const strict = { additionalProperties: false } as const;

export const loginBody = Type.Object({ username: email, password }, strict);

export const refreshBody = Type.Object(
  {
    refreshToken: token,
    /**
     * The client's name for this exchange (random, kept until its answer arrives). Sent again
     * with the same refresh token after the answer was lost (the page reloaded mid-refresh), it
     * gets the same answer instead of counting as a stolen token's reuse.
     */
    attempt: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_-]{16,64}$" })),
  },
  strict,
);

/** The refresh token of the session to end. */
export const logoutBody = Type.Object({ refreshToken: token }, strict);

/** POST /dmz-api/set and /dmz-api/reset. */
export const passwordTokenBody = Type.Object({ email, token, newPassword: password }, strict);

export const recoverBody = Type.Object({ email }, strict);

/** POST /dmz-api/password-token/check: a link's email and token, and which page it opens. */
export const passwordTokenCheckBody = Type.Object({ email, token, kind: Type.Union([Type.Literal("set"), Type.Literal("reset")]) }, strict);

/** Whether the link still sets a password: false when it was used, has expired, or never was. */
export const PasswordTokenCheckAnswer = Type.Object({ valid: Type.Boolean() });

/** The answer to a login or a refresh: a fresh access token plus the session's refresh token. */
export const LoginAnswer = Type.Object({
  authenticationToken: Type.String(),
  refreshToken: Type.String(),
  userName: Type.String(),
  tenant: TenantRefSchema,
});

/** POST /dmz-api/contact: a visitor's message to the platform's operator. */
export const contactBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.name }),
    email: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.email }),
    company: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.company })),
    message: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.message }),
  },
  strict,
);

/** GET /dmz-api/contact: the operator's contact details, as configured (null: not given). */
export const ContactDetailsAnswer = Type.Object({ email: Nullable(Type.String()), phone: Nullable(Type.String()) });
