/**
 * The public pages' translate, without react-admin's polyglot provider: over their own words
 * (i18n/publicRo.ts, publicEn.ts, parts of ro.ts and en.ts) and react-admin's messages, of which
 * the forms use a few (an invalid form, an invalid e-mail, the password's eye button). It does
 * what that provider does for these words: looks a dotted key up, fills %{name} placeholders, and
 * answers the `_` default, else the key, when the key is missing. None of these words has plural
 * forms, so there are none here.
 */
import englishMessages from "ra-language-english";
import type { Locale } from "../../i18n/locales";
import { publicEn } from "../../i18n/publicEn";
import { publicRo } from "../../i18n/publicRo";
import { raRomanianMessages } from "../../i18n/raRomanian";

export type TranslateOptions = Record<string, unknown> & { _?: string };
export type Translate = (key: string, options?: TranslateOptions) => string;

const MESSAGES: Record<Locale, object> = {
  ro: { ...raRomanianMessages, ...publicRo },
  en: { ...englishMessages, ...publicEn },
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
