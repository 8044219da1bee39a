/** The answer of GET /api/anaf/company/{cif} (TypeBox): contract/anaf.ts's AnafCompany. */
import { Type } from "typebox";
import { Nullable, Timestamp } from "./answers";

const IsoDate = Type.String({ description: "YYYY-MM-DD" });

export const AnafAddressSchema = Type.Object({
  street: Type.String(),
  number: Type.String(),
  locality: Type.String(),
  county: Type.String(),
  countyCode: Type.String({ description: "ISO 3166-2:RO without 'RO-' ('B', 'CJ'); '' when unknown" }),
  postalCode: Type.String(),
  details: Type.String(),
});

export const AnafCompanySchema = Type.Object({
  cui: Type.String(),
  name: Type.String(),
  regCom: Type.String(),
  phone: Type.String(),
  address: AnafAddressSchema,
  vatPayer: Type.Boolean(),
  vatSince: Nullable(IsoDate),
  vatOnReceipts: Type.Boolean({ description: "TVA la încasare" }),
  inactive: Type.Boolean(),
  inactiveSince: Nullable(IsoDate),
  struckOffOn: Nullable(IsoDate),
  eInvoiceRegistered: Type.Boolean({ description: "in the RO e-Factura registry" }),
  eInvoiceSince: Nullable(IsoDate),
  registrationText: Type.String({ description: "ANAF's own words" }),
  checkedAt: Timestamp,
  demo: Type.Optional(Type.Boolean({ description: "the emulator's generated data" })),
});
