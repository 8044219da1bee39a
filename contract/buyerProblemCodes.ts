/**
 * The buyer check's problems by name (contract/buyerProblems.ts), in a file of their own, free of
 * imports, so the answer's schema can list them without taking in the check.
 */
export const BUYER_PROBLEM_CODES = [
  "customerMissing",
  "nameMissing",
  "nameTooLong",
  "cifMissing",
  "cifInvalid",
  "cnpInvalid",
  "foreignIdMissing",
  "streetMissing",
  "streetTooLong",
  "localityMissing",
  "localityTooLong",
  "countryMissing",
  "countyMissing",
  "countyUnknown",
  "sectorMissing",
  "sectorInvalid",
  "contactTooLong",
  "phoneTooLong",
  "emailTooLong",
  "anafInactive",
  "anafStruckOff",
] as const;
export type BuyerProblemCode = (typeof BUYER_PROBLEM_CODES)[number];
