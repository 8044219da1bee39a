/**
 * Every string of the Romanian interface (i18n/ro.ts, react-admin's own messages included) is
 * Romanian: no English UI word, no role code, no word missing its diacritics (the list and the
 * reasons for what is allowed: test/helpers/romanianInterface.ts). The browser scan of every
 * screen (test/e2e/romanianInterface.spec.ts) looks for the same in what is shown; this one runs
 * in a moment and names the key to fix.
 */
import { findNonRomanian } from "../test/helpers/romanianInterface";
import { ro } from "./ro";

/** key path → string, for every leaf. */
function strings(messages: object, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : strings(value as object, `${prefix}${key}.`),
  );
}

describe("the Romanian interface's words (i18n/ro.ts)", () => {
  it("hold no English word, no role code and no word without its diacritics", () => {
    const all = strings(ro);
    const found = all.flatMap(([key, text]) => findNonRomanian(text).map((finding) => `${key}: ${finding.kind} "${finding.word}" in "${finding.context}"`));
    expect(found).toEqual([]);
  });
});
