/** The server's count sentences agree with their numbers the Romanian way: 1 / 2–19 (and 0, and x01–x19) / 20+ with "de". */
import { romanianCount, romanianPluralForm } from "../../contract/romanianPlural";
import { customerImportChecked, customerImportFinished, stockImported, tooManyAttempts } from "../../server/messages";

const COUNTS = [0, 1, 2, 19, 20, 101, 120] as const;

describe("Romanian counts on the server", () => {
  it("pick the same form as the language's plural rules (CLDR, Intl.PluralRules 'ro') for every number up to 2000", () => {
    const rules = new Intl.PluralRules("ro");
    const forms = { one: 0, few: 1, other: 2 } as const;
    for (let n = 0; n <= 2000; n += 1) {
      expect(romanianPluralForm(n), String(n)).toBe(forms[rules.select(n) as keyof typeof forms]);
    }
  });

  it("put 'de' only after numbers ending in 00 or 20–99", () => {
    expect(COUNTS.map((n) => romanianCount(n, "client nou", "clienți noi"))).toEqual([
      "0 clienți noi",
      "1 client nou",
      "2 clienți noi",
      "19 clienți noi",
      "20 de clienți noi",
      "101 clienți noi",
      "120 de clienți noi",
    ]);
  });

  it("word the customer import's result for one client as for many", () => {
    expect(customerImportFinished(1, 1, 1)).toBe("Import finalizat: 1 client nou, 1 actualizat, 1 rând respins.");
    expect(customerImportFinished(20, 101, 0)).toBe("Import finalizat: 20 de clienți noi, 101 actualizați, 0 rânduri respinse.");
    expect(customerImportFinished(2, 19, 120)).toBe("Import finalizat: 2 clienți noi, 19 actualizați, 120 de rânduri respinse.");
    expect(customerImportChecked(1, 1, 1)).toBe(
      "Verificare finalizată: 1 client nou, 1 client de actualizat, 1 rând respins. Nimic nu a fost salvat.",
    );
    expect(customerImportChecked(120, 20, 2)).toBe(
      "Verificare finalizată: 120 de clienți noi, 20 de clienți de actualizat, 2 rânduri respinse. Nimic nu a fost salvat.",
    );
  });

  it("word the stock import's counts with 'de' from 20 on", () => {
    expect(stockImported({ imported: 120, created: 20, updated: 100, zeroed: 0 })).toBe(
      "Importate 120 de produse (20 de noi, 100 de actualizate).",
    );
    expect(stockImported({ imported: 0, created: 0, updated: 0, zeroed: 1 })).toBe(
      "Importate 0 produse (0 noi, 0 actualizate). 1 produs care nu mai apare în SmartBill are acum stocul 0.",
    );
  });

  it("word a waiting time of 1, 19 and 20 minutes", () => {
    expect(tooManyAttempts(1)).toBe("Prea multe încercări eșuate. Încercați din nou peste 1 minut.");
    expect(tooManyAttempts(19)).toBe("Prea multe încercări eșuate. Încercați din nou peste 19 minute.");
    expect(tooManyAttempts(20)).toBe("Prea multe încercări eșuate. Încercați din nou peste 20 de minute.");
  });
});
