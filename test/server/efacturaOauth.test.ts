/**
 * The OAuth client's pure parts: PKCE as RFC 7636 defines it, ANAF's consent page address, the
 * access token's expiry read from its JWT, and the CIF as SPV names it. The flow itself runs
 * against the emulator in efacturaConnection.test.ts.
 */
import { describe, expect, it } from "vitest";
import { authorizeUrl, jwtExpiryMs, pkceChallenge, pkcePair, randomState } from "../../server/efactura/oauthClient";
import { cifForAnaf } from "../../server/routes/api/efacturaConnection/cifForAnaf";
import { decryptToken, encryptToken } from "../../server/efactura/tokenCipher";

const jwt = (claims: object) => `${Buffer.from('{"alg":"HS256"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("PKCE", () => {
  it("derives the S256 challenge: the verifier's SHA-256, base64url without padding (RFC 7636 4.2)", async () => {
    const verifier = "dBjftJeZ4CVP-mJ92K9R8vbZ5hDXJnIDM6NtS8HdU0k";
    const digest = Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
    expect(pkceChallenge(verifier)).toBe(digest.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    expect(pkceChallenge(verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("makes a fresh verifier of 43–128 unreserved characters each time, with its challenge", () => {
    const a = pkcePair();
    const b = pkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(pkceChallenge(a.verifier));
    expect(randomState()).not.toBe(randomState());
  });
});

describe("ANAF's consent page address", () => {
  it("asks for a code with the challenge, S256 and JWT tokens, at the operator's OAuth address", () => {
    const url = new URL(authorizeUrl({ baseUrl: "https://logincert.anaf.ro", clientId: "app-1" }, "https://app.example.ro/api/efactura/callback", "st", "ch"));
    expect(url.origin + url.pathname).toBe("https://logincert.anaf.ro/anaf-oauth2/v1/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "app-1",
      redirect_uri: "https://app.example.ro/api/efactura/callback",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
      token_content_type: "jwt",
    });
  });
});

describe("the access token's expiry", () => {
  it("is the JWT's exp claim, and nothing when the token has none", () => {
    expect(jwtExpiryMs(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(jwtExpiryMs(jwt({ sub: "x" }))).toBeUndefined();
    expect(jwtExpiryMs("opaque-token")).toBeUndefined();
    expect(jwtExpiryMs("a.bm90LWpzb24.c")).toBeUndefined();
  });
});

describe("the CIF SPV is asked about", () => {
  it("is the SmartBill CIF's digits", () => {
    expect(cifForAnaf("RO18547290")).toBe("18547290");
    expect(cifForAnaf(" ro 18547290 ")).toBe("18547290");
    expect(cifForAnaf("")).toBeUndefined();
  });
});

describe("tokens at rest", () => {
  it("decrypt only with the key and the tenant they were encrypted for", () => {
    const key = Buffer.alloc(32, 7);
    const stored = encryptToken(key, 2, "secret-token");
    expect(stored).not.toContain("secret-token");
    expect(decryptToken(key, 2, stored)).toBe("secret-token");
    expect(() => decryptToken(Buffer.alloc(32, 8), 2, stored)).toThrow();
    expect(() => decryptToken(key, 3, stored)).toThrow();
  });
});
