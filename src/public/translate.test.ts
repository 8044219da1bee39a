import { i18nProvider } from "../../i18n/i18nProvider";
import type { Locale } from "../../i18n/locales";
import { translate } from "./translate";

describe("the public pages' translate", () => {
  afterEach(() => i18nProvider.changeLocale("ro"));

  it.each<Locale>(["ro", "en"])("words the public pages' messages as the admin app's provider does (%s)", async (locale) => {
    await i18nProvider.changeLocale(locale);
    const cases: Array<[string, Record<string, unknown>?]> = [
      ["landing.hero"],
      ["menu.home"],
      ["footer.copyright", { year: 2026 }],
      ["login.error", { message: "Adresa de email sau parola este incorectă." }],
      ["password.tooShort", { min: 8 }],
      ["ra.message.invalid_form"],
      ["ra.validation.email"],
      ["ra.input.password.toggle_hidden"],
      ["ra.input.password.toggle_visible"],
      ["ra.validation.required"],
    ];
    for (const [key, options] of cases) {
      expect(translate(locale, key, options), key).toBe(i18nProvider.translate(key, options));
    }
  });

  it("answers the default for a missing key, else the key itself", () => {
    expect(translate("ro", "nu.exista", { _: "Parola a fost resetată cu succes." })).toBe("Parola a fost resetată cu succes.");
    expect(translate("en", "nu.exista")).toBe("nu.exista");
    expect(translate("ro", "footer.copyright")).toBe("© %{year} Platforma B2B. Toate drepturile rezervate.");
  });
});
