/** ANAF's public VAT-payer service: the client, the day's cache and the states (see each file). */
export { AnafUnavailable, type AnafFailure } from "./anafUnavailable";
export { ANAF_MAX_CUIS_PER_REQUEST, ANAF_RATE_LIMIT, type AnafClient, createAnafClient } from "./client";
export { ANAF_CACHE_MS, anafStateOf, type AnafLookupSource, keptCompanies, lastKnownStates, lookupCompanies, type LookupOptions } from "./lookup";
