/** Client tests: jest-dom matchers, a clean DOM and clean browser storage for every test. */
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// jsdom has no fetch and Node's has no browser manners: resolve relative URLs against the page,
// and keep and send the page's own cookies on same-origin calls, as a browser does, so the
// providers meet the real server exactly as they will in Chromium.
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  if (typeof input !== "string") return nodeFetch(input, init);
  const url = new URL(input, document.baseURI);
  const sameOrigin = url.origin === window.location.origin;
  const headers = new Headers(init?.headers);
  if (sameOrigin && document.cookie) headers.set("Cookie", document.cookie);
  const response = await nodeFetch(url.href, { ...init, headers });
  if (sameOrigin) for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
  return response;
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split("; ").forEach((cookie) => {
    const name = cookie.split("=")[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
