/**
 * The public pages' translate, without react-admin's polyglot provider: over their own words
 * (i18n/publicRo.ts, publicEn.ts, parts of ro.ts and en.ts) and the few of react-admin's messages
 * their forms show (i18n/publicRa.ts: an invalid form, an invalid e-mail, the password's eye
 * button). It does what that provider does for these words: looks a dotted key up, fills
 * %{name} placeholders, and answers the `_` default, else the key, when the key is missing. None
 * of these words has plural forms, so there are none here.
 */
import type { Locale } from "../../i18n/locales";
import { publicEn } from "../../i18n/publicEn";
import { publicRaEn, publicRaRo } from "../../i18n/publicRa";
import { publicRo } from "../../i18n/publicRo";

export type TranslateOptions = Record<string, unknown> & { _?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

const MESSAGES: Record<Locale, object> = {
  ro: { ...publicRaRo, ...publicRo },
  en: { ...publicRaEn, ...publicEn },
};

function lookup(messages: object, key: string): unknown {
  let found: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof found !== "object" || found === null || !Object.hasOwn(found, part)) return undefined;
    found = (found as Record<string, unknown>)[part];
  }
  return found;
}

function interpolate(phrase: string, options: TranslateOptions): string {
  return phrase.replace(/%\{(.*?)\}/g, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

export function translate(locale: Locale, key: string, options: TranslateOptions = {}): string {
  const phrase = lookup(MESSAGES[locale], key);
  if (typeof phrase === "string") return interpolate(phrase, options);
  return typeof options._ === "string" ? interpolate(options._, options) : key;
}
