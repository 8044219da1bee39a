/** Romanian by default, English on request; the choice is remembered by react-admin's store. */
import polyglotI18nProvider from "ra-i18n-polyglot";
import { en } from "./en";
import { ro } from "./ro";

export const LOCALES = [
  { locale: "ro", name: "Română" },
  { locale: "en", name: "English" },
];

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === "en" ? en : ro),
  "ro",
  LOCALES,
  { allowMissing: false },
);
