/**
 * The proformas' words over the invoices' screens: a proforma's own word where it has one, the
 * invoices' word otherwise, in both languages; other keys untouched.
 */
import { i18nProvider } from "../../i18n/i18nProvider";
import { proformaWords } from "./ProformaScope";

const words = proformaWords(i18nProvider);

describe("the proformas' words", () => {
  it("reads an invoices' key as the proforma's word where there is one", () => {
    expect(words.translate("resources.invoices.send")).toBe("Trimite proforma");
    expect(words.translate("resources.invoices.tabs.data")).toBe("Date proformă");
    expect(words.translate("resources.invoices.heading.toSend", { id: 7 })).toBe("Proformă #7 — de trimis în SmartBill");
    expect(words.translate("resources.invoices.listTitle", { site: "SmartBill" })).toBe("Facturi proforma prin SmartBill");
    expect(words.translate("resources.invoices.life.confirm.cancelTitle", { name: "PRO 3" })).toBe("Anulați proforma PRO 3?");
  });

  it("falls back to the invoices' word, with its arguments and plural forms", () => {
    expect(words.translate("resources.invoices.life.actions.pdf")).toBe("Descarcă PDF");
    expect(words.translate("resources.invoices.lines.add")).toBe("Adaugă Produs");
    expect(words.translate("resources.proformas.life.history.title")).toBe("Istoric");
    expect(words.translate("resources.invoices.tooManyLines", { smart_count: 3, max: 2 })).toMatch(/^Proforma are 3 linii;/);
    expect(words.translate("resources.invoices.series.option", { name: "PRO", next: "0004" })).toBe("PRO · următorul număr 0004");
  });

  it("leaves every other key as it is", () => {
    expect(words.translate("menu.invoices")).toBe("Facturi importate");
    expect(words.translate("ra.action.save")).toBe(i18nProvider.translate("ra.action.save"));
  });

  it("speaks English too", async () => {
    await i18nProvider.changeLocale("en");
    try {
      expect(words.translate("resources.invoices.send")).toBe("Send proforma");
      expect(words.translate("resources.invoices.life.actions.pdf")).toBe(i18nProvider.translate("resources.invoices.life.actions.pdf"));
    } finally {
      await i18nProvider.changeLocale("ro");
    }
  });
});
