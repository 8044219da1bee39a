/**
 * A company as ANAF's public VAT-payer service (PlatitorTvaRest v9) describes it, read by
 * server/anaf/ and shown by the customer forms. ANAF's texts stay ANAF's (upper case, its own
 * spelling); dates are YYYY-MM-DD.
 */
export interface AnafAddress {
  street: string;
  number: string;
  locality: string;
  county: string;
  /** ISO 3166-2:RO without 'RO-' ('B', 'CJ'), '' when unknown */
  countyCode: string;
  postalCode: string;
  details: string;
}

export interface AnafCompany {
  cui: string;
  name: string;
  regCom: string;
  phone: string;
  /** the registered office (adresa_sediu_social); the fiscal domicile when that is empty */
  address: AnafAddress;
  vatPayer: boolean;
  /** YYYY-MM-DD */
  vatSince: string | null;
  /** TVA la încasare (inregistrare_RTVAI.statusTvaIncasare) */
  vatOnReceipts: boolean;
  inactive: boolean;
  inactiveSince: string | null;
  /** dataRadiere */
  struckOffOn: string | null;
  eInvoiceRegistered: boolean;
  eInvoiceSince: string | null;
  /** ANAF's own one-line state text, e.g. 'INREGISTRAT din data 15.09.2021' (ANAF's words stay ANAF's) */
  registrationText: string;
  /** when this answer was read from ANAF (ISO) */
  checkedAt: string;
  /** the emulator's generated data for an unknown-but-valid CUI (shown as 'date demonstrative') */
  demo?: boolean;
}

export type AnafState = "active" | "inactive" | "struckOff" | "notFound";

export const ANAF_STATES: readonly AnafState[] = ["active", "inactive", "struckOff", "notFound"];

/**
 * The customer list's `?anaf=` filter: 'problem', a customer whose CUI ANAF last called inactive,
 * struck off or unknown (none of them can be invoiced through e-Factura as they are); 'unchecked',
 * a customer with a valid CUI that ANAF has not been asked about yet.
 */
export const ANAF_LIST_FILTERS = ["problem", "unknown", "unchecked"] as const;
export type AnafListFilter = (typeof ANAF_LIST_FILTERS)[number];

/** The states the 'problem' filter keeps. */
export const ANAF_PROBLEM_STATES: readonly AnafState[] = ["inactive", "struckOff"];
