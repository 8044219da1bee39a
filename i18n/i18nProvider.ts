/** Romanian by default, English on request; the choice is remembered by react-admin's store. */
import polyglotI18nProvider from "ra-i18n-polyglot";
import { romanianPluralForm } from "../contract/romanianPlural";
import { en } from "./en";
import { DEFAULT_LOCALE, LOCALES } from "./locales";
import { ro } from "./ro";

/**
 * Which ' |||| ' form polyglot picks for `smart_count`. Romanian's is the shared rule (polyglot's
 * own says "101 de"); English keeps polyglot's two forms.
 */
export const PLURAL_RULES = {
  pluralTypes: {
    romanian: romanianPluralForm,
    english: (count: number) => (count === 1 ? 0 : 1),
  },
  pluralTypeToLanguages: { romanian: ["ro"], english: ["en"] },
};

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === "en" ? en : ro),
  DEFAULT_LOCALE,
  [...LOCALES],
  { allowMissing: false, pluralRules: PLURAL_RULES },
);
