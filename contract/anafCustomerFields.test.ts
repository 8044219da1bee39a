/** The customer's fields ANAF's answer fills: a Bucharest sector e-Factura accepts, Romania's county names, nothing blanked. */
import { describe, expect, it } from "vitest";
import type { AnafCompany } from "./anaf";
import { customerFieldsFromAnaf } from "./anafCustomerFields";
import { buyerProblems } from "./buyerProblems";

const company = (address: Partial<AnafCompany["address"]>, more: Partial<AnafCompany> = {}): AnafCompany => ({
  cui: "45273124",
  name: "EXEMPLU SOFT SRL",
  regCom: "J40/12345/2021",
  phone: "",
  address: { street: "Str. Exemplului", number: "7", locality: "", county: "MUNICIPIUL BUCUREŞTI", countyCode: "B", postalCode: "", details: "", ...address },
  vatPayer: true,
  vatSince: "2021-10-01",
  vatOnReceipts: false,
  inactive: false,
  inactiveSince: null,
  struckOffOn: null,
  eInvoiceRegistered: true,
  eInvoiceSince: "2022-01-10",
  registrationText: "INREGISTRAT din data 15.09.2021",
  checkedAt: "2026-11-27T10:00:00.000Z",
  ...more,
});

describe("a customer's fields from ANAF's answer", () => {
  it("writes a Bucharest locality as its sector, from ANAF's locality or else its postal code, which e-Factura's rule accepts", () => {
    const named = customerFieldsFromAnaf(company({ locality: "Sector 3 Mun. Bucureşti", postalCode: "030001" }));
    expect(named).toMatchObject({ localitate: "Sector 3", judet: "București", adresa: "Str. Exemplului nr. 7, cod poștal 030001" });
    expect(customerFieldsFromAnaf(company({ locality: "Mun. Bucureşti", postalCode: "050123" })).localitate).toBe("Sector 5");
    expect(buyerProblems({ clientName: "x", cif: "RO45273124", adresa: named.adresa!, localitate: named.localitate!, judet: named.judet!, tara: "Romania", email: "", persContact: "", telefon: "" })).toEqual([]);
  });

  it("names the county as Romania's list does, by ANAF's code or its name, and leaves out what ANAF leaves empty", () => {
    const fields = customerFieldsFromAnaf(company({ locality: "Mun. Timişoara", county: "TIMIŞ", countyCode: "", street: "", number: "" }, { phone: "", regCom: "" }));
    expect(fields).toEqual({ clientName: "EXEMPLU SOFT SRL", localitate: "Mun. Timişoara", judet: "Timiș" });
  });
});
