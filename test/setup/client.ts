/** Client tests: jest-dom matchers, patient waits, a clean DOM and clean browser storage for every test. */
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// What a screen shows after a call to the live server comes when the machine gets to it: on a
// busy machine Testing Library's 1 s default for findBy…/waitFor failed tests that were right.
// A wait ends as soon as the screen is there, so a longer bound costs a passing test nothing.
// 5 s was still too short on a fresh clone under load (an in-grid edit's refusal came later).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no fetch and Node's has no browser manners: resolve relative URLs against the page,
// and keep and send the page's own cookies on same-origin calls, as a browser does (through the
// page's cookie jar, so an HttpOnly cookie is kept and sent, by its path, but hidden from
// document.cookie), so the providers meet the real server exactly as they will in Chromium.
declare const jsdom: { cookieJar: CookieJar };
interface CookieJar {
  setCookieSync(cookie: string, url: string, options: { http: boolean; ignoreError: boolean }): unknown;
  getCookieStringSync(url: string, options: { http: boolean }): string;
  removeAllCookiesSync(): void;
}
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  if (typeof input !== "string") return nodeFetch(input, init);
  const url = new URL(input, document.baseURI);
  const sameOrigin = url.origin === window.location.origin;
  const headers = new Headers(init?.headers);
  const cookies = sameOrigin ? jsdom.cookieJar.getCookieStringSync(url.href, { http: true }) : "";
  if (cookies) headers.set("Cookie", cookies);
  let body = init?.body;
  if (body instanceof FormData) {
    const encoded = await multipart(body);
    body = encoded.body;
    headers.set("Content-Type", encoded.contentType);
  }
  const response = await nodeFetch(url.href, { ...init, headers, body });
  if (sameOrigin) for (const cookie of response.headers.getSetCookie()) jsdom.cookieJar.setCookieSync(cookie, url.href, { http: true, ignoreError: true });
  return response;
};

/**
 * jsdom's FormData (holding jsdom's Files) means nothing to Node's fetch, which never sends it:
 * encode it as a browser does, multipart/form-data with a fresh boundary.
 */
async function multipart(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const boundary = `----jsdomFormBoundary${Math.random().toString(16).slice(2)}`;
  const escape = (text: string) => text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const chunks: Buffer[] = [];
  for (const [name, value] of form) {
    const disposition = `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"`;
    if (typeof value === "string") {
      chunks.push(Buffer.from(`${disposition}\r\n\r\n${value}\r\n`));
    } else {
      const type = value.type || "application/octet-stream";
      chunks.push(Buffer.from(`${disposition}; filename="${escape(value.name)}"\r\nContent-Type: ${type}\r\n\r\n`));
      chunks.push(Buffer.from(await value.arrayBuffer()), Buffer.from("\r\n"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  jsdom.cookieJar.removeAllCookiesSync();
});
