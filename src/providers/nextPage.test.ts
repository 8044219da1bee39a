import { nextPageOf, safeNextPage, signInPageFor } from "./nextPage";

describe("the page sign-in returns to", () => {
  it("is a path of this site, with its query and hash", () => {
    expect(safeNextPage("/invoices/7")).toBe("/invoices/7");
    expect(safeNextPage("/customers?filter=%7B%22q%22%3A%22cluj%22%7D#top")).toBe("/customers?filter=%7B%22q%22%3A%22cluj%22%7D#top");
    expect(nextPageOf("?next=%2Fstock%3Fpage%3D2")).toBe("/stock?page=2");
  });

  it.each([
    "https://evil.example/x",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "evil.example",
    " /invoices",
    "",
    `/${"a".repeat(2_001)}`,
  ])("is never another site or a script, whatever `next` holds: %j", (raw) => {
    expect(safeNextPage(raw)).toBeUndefined();
  });

  it("is never the sign-in or sign-out page itself", () => {
    expect(safeNextPage("/login?next=/x")).toBeUndefined();
    expect(safeNextPage("/Logout/")).toBeUndefined();
  });

  it("rides on the sign-in form's address, left out when it is home", () => {
    expect(signInPageFor("/invoices/7?tab=1")).toBe("/login?next=%2Finvoices%2F7%3Ftab%3D1");
    expect(signInPageFor("/")).toBe("/login");
    expect(signInPageFor("/login?next=%2Fx")).toBe("/login");
    expect(nextPageOf(new URL(signInPageFor("/a b?c=d&e=f"), "http://x").search)).toBe("/a%20b?c=d&e=f");
  });
});
