/** Every count the screens show agrees with its number, through the app's own i18nProvider. */
import { countersText } from "../src/customers/CustomerImport";
import { i18nProvider } from "./i18nProvider";

const COUNTS = [0, 1, 2, 19, 20, 101, 120];
const say = (key: string, options: Record<string, unknown> = {}) => (smart_count: number) =>
  i18nProvider.translate(key, { ...options, smart_count });

describe("Romanian plural forms on the screens", () => {
  it("say 1 client nou, 2 clienți noi, 20 de clienți noi, and 101 without 'de'", () => {
    expect(COUNTS.map(say("resources.customers.counts.newItems"))).toEqual([
      "0 clienți noi",
      "1 client nou",
      "2 clienți noi",
      "19 clienți noi",
      "20 de clienți noi",
      "101 clienți noi",
      "120 de clienți noi",
    ]);
    expect(COUNTS.map(say("resources.customers.counts.errorItems"))).toEqual([
      "0 rânduri cu erori",
      "1 rând cu erori",
      "2 rânduri cu erori",
      "19 rânduri cu erori",
      "20 de rânduri cu erori",
      "101 rânduri cu erori",
      "120 de rânduri cu erori",
    ]);
  });

  it("word the customer import's dry-run counts as one sentence", () => {
    const counters = (newItems: number, updatedItems: number, errorItems: number) =>
      countersText({ newItems, updatedItems, errorItems }, i18nProvider.translate);
    expect(counters(1, 1, 1)).toBe("1 client nou · 1 client de actualizat · 1 rând cu erori");
    expect(counters(20, 101, 0)).toBe("20 de clienți noi · 101 clienți de actualizat · 0 rânduri cu erori");
  });

  it("word a task's counts, never '1 noi' or '1 erori'", () => {
    expect(COUNTS.map(say("resources.tasks.created"))).toEqual(["0 noi", "1 nou", "2 noi", "19 noi", "20 de noi", "101 noi", "120 de noi"]);
    expect(COUNTS.map(say("resources.tasks.updated"))).toEqual([
      "0 actualizate",
      "1 actualizat",
      "2 actualizate",
      "19 actualizate",
      "20 de actualizate",
      "101 actualizate",
      "120 de actualizate",
    ]);
    expect(COUNTS.map(say("resources.tasks.errors"))).toEqual(["0 erori", "1 eroare", "2 erori", "19 erori", "20 de erori", "101 erori", "120 de erori"]);
  });

  it("word an invoice with too many lines with 'de' from 20 on", () => {
    const tooMany = say("resources.invoices.tooManyLines", { max: 400 });
    expect(tooMany(401)).toBe("Factura are 401 linii; SmartBill acceptă cel mult 400. Ștergeți liniile în plus înainte de trimitere.");
    expect(tooMany(420)).toBe("Factura are 420 de linii; SmartBill acceptă cel mult 400. Ștergeți liniile în plus înainte de trimitere.");
  });

  it("keep English to its two forms", async () => {
    await i18nProvider.changeLocale("en");
    try {
      expect([0, 1, 2, 20].map(say("resources.customers.counts.newItems"))).toEqual([
        "0 new customers",
        "1 new customer",
        "2 new customers",
        "20 new customers",
      ]);
    } finally {
      await i18nProvider.changeLocale("ro");
    }
  });
});
