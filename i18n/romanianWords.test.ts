/**
 * Every string of the Romanian interface (i18n/ro.ts, react-admin's own messages included) is
 * Romanian: no English UI word, no role code, no word missing its diacritics (the list and the
 * reasons for what is allowed: test/helpers/romanianInterface.ts). The browser scan of every
 * screen (test/e2e/romanianInterface.spec.ts) looks for the same in what is shown; this one runs
 * in a moment and names the key to fix.
 */
import { findNonRomanian } from "../test/helpers/romanianInterface";
import { ro } from "./ro";

/**
 * Strings that other branches of the same piece of work are changing as this test is written,
 * each with who changes it. Once they are merged the lead empties this list; a key listed here
 * that is Romanian already is only reported, so the list cannot hide another key.
 */
const PENDING: Readonly<Record<string, string>> = {
  "app.restoring": "public and session pages ('Loading...')",
  "app.userLoading": "public and session pages ('Loading')",
  "app.notAvailable": "public pages ('N/A' for a missing date)",
  "about.title": "public pages ('About Page')",
  "contact.title": "public pages ('Contact Page')",
  "setPassword.invalidPath": "public pages ('403 Forbidden: Invalid URL path.')",
  "setPassword.missingParams": "public pages ('403 Forbidden: Missing required parameters.')",
  "error.title": "public pages ('Something went wrong.')",
  "error.routerTitle": "public pages ('Unexpected Application Error!')",
  "warehouses.required": "warehouses ('Completati numele si tipul depozitului.')",
  "stock.notFound": "stock ('not found %{id}')",
  "invoices.listTitle": "invoice screens ('Facturi importate print …')",
  "invoices.editTitle": "invoice screens ('Import factură in SmartBill')",
  "resources.invoices.fields.draft": "invoice screens ('Ciorna')",
};

/** key path → string, for every leaf. */
function strings(messages: object, prefix = ""): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : strings(value as object, `${prefix}${key}.`),
  );
}

describe("the Romanian interface's words (i18n/ro.ts)", () => {
  it("hold no English word, no role code and no word without its diacritics", () => {
    const all = strings(ro);
    const found = all
      .filter(([key]) => !(key in PENDING))
      .flatMap(([key, text]) => findNonRomanian(text).map((finding) => `${key}: ${finding.kind} "${finding.word}" in "${finding.context}"`));
    expect(found).toEqual([]);
    const done = all.filter(([key, text]) => key in PENDING && findNonRomanian(text).length === 0).map(([key]) => key);
    if (done.length) console.warn(`Romanian now, so remove from PENDING in i18n/romanianWords.test.ts: ${done.join(", ")}`);
  });
});
