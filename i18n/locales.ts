/**
 * The languages the interface speaks, and where the chosen one is kept: react-admin's store
 * (localStorage 'RaStore.locale', a JSON string), read by the admin app's i18nProvider and by the
 * public pages, which load without react-admin; Romanian when nothing was chosen.
 */
export const LOCALES = [
  { locale: "ro", name: "Română" },
  { locale: "en", name: "English" },
] as const;

export type Locale = (typeof LOCALES)[number]["locale"];

export const DEFAULT_LOCALE: Locale = "ro";

/** react-admin's localStorageStore names its keys 'RaStore.<key>'. */
export const LOCALE_STORAGE_KEY = "RaStore.locale";
