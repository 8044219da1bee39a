/**
 * The interface language as the public pages see it: the same stored choice the admin app's
 * react-admin store keeps (i18n/locales.ts), so a visitor who chose English reads English on both
 * sides of sign-in; changes in another tab follow here too.
 */
import { useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from "../../i18n/locales";

const listeners = new Set<() => void>();

function isLocale(value: unknown): value is Locale {
  return LOCALES.some(({ locale }) => locale === value);
}

export function storedLocale(): Locale {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LOCALE_STORAGE_KEY) ?? "null");
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function chooseLocale(locale: Locale): void {
  // JSON, as react-admin's localStorageStore writes every value.
  localStorage.setItem(LOCALE_STORAGE_KEY, JSON.stringify(locale));
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCALE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, storedLocale, () => DEFAULT_LOCALE);
}
