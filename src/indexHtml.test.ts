import { readFileSync } from "node:fs";
import { publicRo } from "../i18n/publicRo";

describe("index.html", () => {
  const page = new DOMParser().parseFromString(readFileSync("index.html", "utf8"), "text/html");

  it("says the app's own 'Se încarcă…' from its first byte, beside an empty root for the app", () => {
    expect(page.getElementById("boot-loading")?.textContent).toBe(publicRo.app.restoring);
    expect(page.getElementById("root")?.childNodes).toHaveLength(0);
  });
});
