/**
 * What SmartBill accepts for an invoice's currency and language (spec/smartbill-api.md, SPEC26):
 * the invoice form offers these as choices. A value outside them (an account-defined language,
 * a value stored earlier) is still kept and shown.
 */
export const SMARTBILL_CURRENCIES = [
  "RON", "EUR", "USD", "GBP", "CAD", "AUD", "CHF", "TRY", "CZK", "DKK", "HUF", "MDL", "SEK", "NOK", "JPY", "EGP", "PLN",
  "RUB", "AED", "BRL", "CNY", "HRK", "INR", "KRW", "MXN", "NZD", "RSD", "THB", "UAH", "XDR", "ZAR",
] as const;

export const SMARTBILL_LANGUAGES = ["RO", "EN", "DE", "FR", "IT", "ES"] as const;
export type SmartBillLanguage = (typeof SMARTBILL_LANGUAGES)[number];
