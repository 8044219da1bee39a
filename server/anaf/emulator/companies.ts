/**
 * The ANAF emulator's companies: a few fixed demo companies, one for each case the product shows
 * (an active VAT payer registered in RO e-Factura, in Bucharest's sector 3; one in Cluj paying VAT
 * on receipts; a non-VAT payer; an inactive one; a struck-off one), and for any other CUI with a
 * valid control digit an active company generated from the CUI (the same CUI gives the same
 * company every time), marked as demonstrative. Invented data with ANAF's spelling (upper-case
 * names, ş and ţ with a cedilla), in the v9 answer's shape (../shared/spec/anaf-api.md A.4).
 */
import { validCui } from "../../../contract/cif";

export interface EmulatedCompany {
  cui: string;
  name: string;
  regCom: string;
  phone: string;
  street: string;
  number: string;
  locality: string;
  localityCode: string;
  county: string;
  countyCode: string;
  countyPlate: string;
  postalCode: string;
  details: string;
  registeredOn: string;
  vatSince: string | null;
  vatOnReceiptsSince: string | null;
  inactiveSince: string | null;
  struckOffOn: string | null;
  eInvoiceSince: string | null;
  /** Generated for a CUI the emulator does not hold: flagged `demonstrativ` in the answer. */
  demo?: boolean;
}

/** The fixed demo companies, by what they show. */
export const ANAF_DEMO_CUIS = {
  /** VAT payer, registered in RO e-Factura, Bucharest sector 3 (anaf-api.md A.4.2). */
  vatPayerBucharest: "45273124",
  /** VAT payer with VAT on receipts, RO e-Factura, Cluj-Napoca. */
  cluj: "24681350",
  /** Not a VAT payer, not in RO e-Factura's registry. */
  nonVatPayer: "31759249",
  inactive: "15935726",
  struckOff: "28641978",
} as const;

export const ANAF_DEMO_COMPANIES: readonly EmulatedCompany[] = [
  {
    cui: ANAF_DEMO_CUIS.vatPayerBucharest,
    name: "EXEMPLU SOFT SRL",
    regCom: "J40/12345/2021",
    phone: "0210000000",
    street: "Str. Exemplului",
    number: "7",
    locality: "Sector 3 Mun. Bucureşti",
    localityCode: "3",
    county: "MUNICIPIUL BUCUREŞTI",
    countyCode: "40",
    countyPlate: "B",
    postalCode: "030001",
    details: "BL. A1, AP.12",
    registeredOn: "2021-09-15",
    vatSince: "2021-10-01",
    vatOnReceiptsSince: null,
    inactiveSince: null,
    struckOffOn: null,
    eInvoiceSince: "2022-01-10",
  },
  {
    cui: ANAF_DEMO_CUIS.cluj,
    name: "CLUJ LOGISTIC DEMO SRL",
    regCom: "J12/3456/2015",
    phone: "0264000111",
    street: "Str. Memorandumului",
    number: "28",
    locality: "Mun. Cluj-Napoca",
    localityCode: "103",
    county: "CLUJ",
    countyCode: "12",
    countyPlate: "CJ",
    postalCode: "400114",
    details: "ET. 2",
    registeredOn: "2015-04-20",
    vatSince: "2015-05-01",
    vatOnReceiptsSince: "2019-01-01",
    inactiveSince: null,
    struckOffOn: null,
    eInvoiceSince: "2022-07-01",
  },
  {
    cui: ANAF_DEMO_CUIS.nonVatPayer,
    name: "ATELIER MICRO DEMO SRL",
    regCom: "J08/987/2020",
    phone: "0268000222",
    street: "Str. Republicii",
    number: "15",
    locality: "Mun. Braşov",
    localityCode: "40",
    county: "BRAŞOV",
    countyCode: "8",
    countyPlate: "BV",
    postalCode: "500030",
    details: "",
    registeredOn: "2020-02-11",
    vatSince: null,
    vatOnReceiptsSince: null,
    inactiveSince: null,
    struckOffOn: null,
    eInvoiceSince: null,
  },
  {
    cui: ANAF_DEMO_CUIS.inactive,
    name: "COMERŢ INACTIV DEMO SRL",
    regCom: "J35/2222/2012",
    phone: "0256000333",
    street: "Bd. Revoluţiei din 1989",
    number: "3",
    locality: "Mun. Timişoara",
    localityCode: "355",
    county: "TIMIŞ",
    countyCode: "35",
    countyPlate: "TM",
    postalCode: "300034",
    details: "",
    registeredOn: "2012-06-01",
    vatSince: "2012-07-01",
    vatOnReceiptsSince: null,
    inactiveSince: "2024-03-01",
    struckOffOn: null,
    eInvoiceSince: "2022-01-15",
  },
  {
    cui: ANAF_DEMO_CUIS.struckOff,
    name: "CONSTRUCŢII RADIATE DEMO SRL",
    regCom: "J13/555/2008",
    phone: "",
    street: "Str. Mircea cel Bătrân",
    number: "101",
    locality: "Mun. Constanţa",
    localityCode: "130",
    county: "CONSTANŢA",
    countyCode: "14",
    countyPlate: "CT",
    postalCode: "900663",
    details: "",
    registeredOn: "2008-03-12",
    vatSince: null,
    vatOnReceiptsSince: null,
    inactiveSince: "2021-05-10",
    struckOffOn: "2023-11-15",
    eInvoiceSince: null,
  },
];

/** Where generated companies are: [county, code, plate, locality, locality code, postal prefix]. */
const PLACES = [
  ["CLUJ", "12", "CJ", "Mun. Cluj-Napoca", "103", "400"],
  ["TIMIŞ", "35", "TM", "Mun. Timişoara", "355", "300"],
  ["IAŞI", "22", "IS", "Mun. Iaşi", "270", "700"],
  ["BRAŞOV", "8", "BV", "Mun. Braşov", "40", "500"],
  ["PRAHOVA", "29", "PH", "Mun. Ploieşti", "295", "100"],
  ["BIHOR", "5", "BH", "Mun. Oradea", "26", "410"],
  ["MUNICIPIUL BUCUREŞTI", "40", "B", "", "", ""],
] as const;

const STREETS = ["Str. Mihai Eminescu", "Bd. Independenţei", "Str. Florilor", "Calea Victoriei", "Str. Unirii", "Str. Libertăţii"];

/** The company the emulator answers for a CUI: a fixed demo one, a generated one, or none (invalid CUI). */
export function emulatedCompany(cui: string, fixed: readonly EmulatedCompany[]): EmulatedCompany | undefined {
  return fixed.find((company) => company.cui === cui) ?? (validCui(cui) ? generatedCompany(cui) : undefined);
}

/** A stable company for a valid CUI the emulator does not hold: its data drawn from the CUI. */
export function generatedCompany(cui: string): EmulatedCompany {
  const next = seededRandom(Number(cui));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const [county, countyCode, countyPlate, cityLocality, cityCode, postalPrefix] = pick(PLACES);
  const sector = 1 + Math.floor(next() * 6);
  const bucharest = countyPlate === "B";
  const year = 2005 + Math.floor(next() * 19);
  const registeredOn = `${year}-${pad(1 + Math.floor(next() * 12))}-${pad(1 + Math.floor(next() * 28))}`;
  const vatPayer = next() < 0.7;
  const later = (months: number) => `${year + 1 + Math.floor(months / 12)}-${pad(1 + (months % 12))}-01`;
  return {
    cui,
    name: `FIRMA DEMONSTRATIVĂ ${cui} SRL`,
    regCom: `J${countyCode.padStart(2, "0")}/${100 + Math.floor(next() * 9900)}/${year}`,
    phone: `07${String(Math.floor(next() * 1e8)).padStart(8, "0")}`,
    street: pick(STREETS),
    number: String(1 + Math.floor(next() * 120)),
    locality: bucharest ? `Sector ${sector} Mun. Bucureşti` : cityLocality,
    localityCode: bucharest ? String(sector) : cityCode,
    county,
    countyCode,
    countyPlate,
    postalCode: bucharest ? `0${sector}${String(Math.floor(next() * 1e4)).padStart(4, "0")}` : `${postalPrefix}${String(Math.floor(next() * 1e3)).padStart(3, "0")}`,
    details: "",
    registeredOn,
    vatSince: vatPayer ? later(Math.floor(next() * 24)) : null,
    vatOnReceiptsSince: null,
    inactiveSince: null,
    struckOffOn: null,
    eInvoiceSince: vatPayer ? "2022-01-01" : null,
    demo: true,
  };
}

/** A `found[]` item of the v9 answer for `date` (YYYY-MM-DD). */
export function foundItem(company: EmulatedCompany, date: string): Record<string, unknown> {
  const inactive = company.inactiveSince !== null && company.inactiveSince <= date;
  const place = `JUD. ${company.county}, ${company.locality.toUpperCase()}, ${company.street.toUpperCase()}, NR.${company.number}`;
  const address = (prefix: "s" | "d") => ({
    [`${prefix}denumire_Strada`]: company.street,
    [`${prefix}numar_Strada`]: company.number,
    [`${prefix}denumire_Localitate`]: company.locality,
    [`${prefix}cod_Localitate`]: company.localityCode,
    [`${prefix}denumire_Judet`]: company.county,
    [`${prefix}cod_Judet`]: company.countyCode,
    [`${prefix}cod_JudetAuto`]: company.countyPlate,
    [prefix === "s" ? "stara" : "dtara"]: "",
    [`${prefix}detalii_Adresa`]: company.details,
    [`${prefix}cod_Postal`]: company.postalCode,
  });
  return {
    date_generale: {
      cui: Number(company.cui),
      data: date,
      denumire: company.name,
      adresa: company.details ? `${place}, ${company.details}` : place,
      nrRegCom: company.regCom,
      telefon: company.phone,
      fax: "",
      codPostal: company.postalCode,
      act: "",
      stare_inregistrare: company.struckOffOn
        ? `RADIERE din data ${romanianDay(company.struckOffOn)}`
        : `INREGISTRAT din data ${romanianDay(company.registeredOn)}`,
      data_inregistrare: company.registeredOn,
      cod_CAEN: "6201",
      iban: "",
      statusRO_e_Factura: company.eInvoiceSince !== null,
      data_inreg_Reg_RO_e_Factura: company.eInvoiceSince ?? "",
      organFiscalCompetent: "",
      forma_de_proprietate: "PROPR.PRIVATA-CAPITAL PRIVAT AUTOHTON",
      forma_organizare: "PERSOANA JURIDICA",
      forma_juridica: "SOCIETATE COMERCIALĂ CU RĂSPUNDERE LIMITATĂ",
      // Not ANAF's: tells the product this company was made up by the emulator.
      ...(company.demo ? { demonstrativ: true } : {}),
    },
    inregistrare_scop_Tva: {
      scpTVA: company.vatSince !== null && company.vatSince <= date && !company.struckOffOn,
      perioade_TVA: company.vatSince
        ? [{ data_inceput_ScpTVA: company.vatSince, data_sfarsit_ScpTVA: "", data_anul_imp_ScpTVA: "", mesaj_ScpTVA: "" }]
        : [],
    },
    inregistrare_RTVAI: {
      dataInceputTvaInc: company.vatOnReceiptsSince ?? "",
      dataSfarsitTvaInc: "",
      dataActualizareTvaInc: "",
      dataPublicareTvaInc: "",
      tipActTvaInc: company.vatOnReceiptsSince ? "Inregistrare" : "",
      statusTvaIncasare: company.vatOnReceiptsSince !== null && company.vatOnReceiptsSince <= date,
    },
    stare_inactiv: {
      dataInactivare: company.inactiveSince ?? "",
      dataReactivare: "",
      dataPublicare: company.inactiveSince ?? "",
      dataRadiere: company.struckOffOn ?? "",
      statusInactivi: inactive,
    },
    inregistrare_SplitTVA: { dataInceputSplitTVA: "", dataAnulareSplitTVA: "", statusSplitTVA: false },
    adresa_sediu_social: address("s"),
    adresa_domiciliu_fiscal: address("d"),
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** 'dd.MM.yyyy', as ANAF writes dates in its texts. */
function romanianDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}.${month}.${year}`;
}

/** mulberry32: a small generator whose sequence depends only on the seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
