import { describe, expect, it } from "vitest";
import { type BuyerFields, buyerProblems } from "./buyerProblems";
import { validCnp } from "./cnp";
import { countyOf, ROMANIAN_COUNTIES } from "./romanianCounties";

/** A Cluj company e-Factura takes as it is. */
const good: BuyerFields = {
  clientName: "Alfa Construct SA",
  cif: "RO18547290",
  adresa: "Bd. Eroilor 3",
  localitate: "Cluj-Napoca",
  judet: "Cluj",
  tara: "Romania",
  email: "office@alfa.ro",
  persContact: "Ana Pop",
  telefon: "0264000000",
};

const codes = (customer: Partial<BuyerFields>, ...rest: Parameters<typeof buyerProblems> extends [unknown, ...infer R] ? R : never) =>
  buyerProblems({ ...good, ...customer }, ...rest).map((problem) => problem.code);

const NOW = new Date("2026-11-27T12:00:00Z");
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe("a buyer's problems for e-Factura", () => {
  it("finds none in a complete Romanian company", () => {
    expect(buyerProblems(good)).toEqual([]);
  });

  it("wants a name, and one of at most 200 characters", () => {
    expect(buyerProblems({ ...good, clientName: "  " })).toEqual([
      { field: "clientName", code: "nameMissing", message: "Denumirea clientului lipsește: completați „Denumire client”." },
    ]);
    const [tooLong] = buyerProblems({ ...good, clientName: "A".repeat(201) });
    expect(tooLong).toMatchObject({ field: "clientName", code: "nameTooLong" });
    expect(tooLong.message).toBe("„Denumire client” are 201 caractere, iar e-Factura acceptă cel mult 200: scurtați textul.");
    expect(codes({ clientName: "A".repeat(200) })).toEqual([]);
  });

  it("wants a CIF whose control digit holds, with or without RO and spaces", () => {
    for (const cif of ["RO18547290", "18547290", "ro 185 472 90", "RO 18547290"]) expect(codes({ cif }), cif).toEqual([]);
    const [wrong] = buyerProblems({ ...good, cif: "RO18547291" });
    expect(wrong).toMatchObject({ field: "cif", code: "cifInvalid" });
    expect(wrong.message).toContain("CIF-ul „RO18547291” nu este valid");
    expect(wrong.message).toContain("„CIF”");
    expect(codes({ cif: "RO" })).toEqual(["cifInvalid"]);
    expect(codes({ cif: "" })).toEqual(["cifMissing"]);
    expect(buyerProblems({ ...good, cif: "" })[0].message).toMatch(/^Clientul nu are CIF: completați „CIF”/);
  });

  it("takes a person's valid CNP, and names one whose date or control digit is wrong", () => {
    for (const cnp of ["1800101221144", "2851231400124", "5000229400019"]) {
      expect(validCnp(cnp), cnp).toBe(true);
      expect(codes({ cif: cnp }), cnp).toEqual([]);
    }
    // A wrong control digit; 30 February; 29 February 2001; 31 January with a first digit of 0.
    for (const cnp of ["1800101221145", "1800230221141", "5010229400017", "0900131221147"]) {
      expect(validCnp(cnp), cnp).toBe(false);
      expect(codes({ cif: cnp }), cnp).toEqual(["cnpInvalid"]);
    }
    expect(buyerProblems({ ...good, cif: "1800101221145" })[0].message).toMatch(/^CNP-ul „1800101221145” nu este valid/);
  });

  it("takes '-', '0' and thirteen zeros for a person who gave no CNP", () => {
    for (const cif of ["-", "0", "0000000000000", " - "]) expect(codes({ cif }), cif).toEqual([]);
  });

  it("wants the street and the locality, within e-Factura's lengths", () => {
    expect(codes({ adresa: "" })).toEqual(["streetMissing"]);
    expect(codes({ localitate: " " })).toEqual(["localityMissing"]);
    expect(buyerProblems({ ...good, adresa: "" })[0].message).toBe("Adresa clientului (strada și numărul) lipsește: completați „Adresa”.");
    expect(buyerProblems({ ...good, localitate: "" })[0].message).toBe("Localitatea clientului lipsește: completați „Localitate”.");
    expect(codes({ adresa: "S".repeat(151) })).toEqual(["streetTooLong"]);
    expect(codes({ localitate: "L".repeat(51) })).toEqual(["localityTooLong"]);
    expect(codes({ persContact: "P".repeat(101), telefon: "1".repeat(101), email: `${"e".repeat(96)}@a.ro` })).toEqual([
      "contactTooLong",
      "phoneTooLong",
      "emailTooLong",
    ]);
  });

  it("wants a country, and checks a customer without one as Romanian", () => {
    expect(buyerProblems({ ...good, tara: "" })).toEqual([
      { field: "tara", code: "countryMissing", message: "Țara clientului lipsește: completați „Țara” (de exemplu Romania)." },
    ]);
    expect(codes({ tara: "", judet: "Atlantida" })).toEqual(["countyUnknown", "countryMissing"]);
    for (const tara of ["România", "ROMANIA", "ro", "Romania "]) expect(codes({ tara }), tara).toEqual([]);
  });

  it("wants one of the 42 counties, by name or code, with or without diacritics, 'Jud.', 'Județul' or 'Municipiul'", () => {
    expect(ROMANIAN_COUNTIES).toHaveLength(42);
    expect(new Set(ROMANIAN_COUNTIES.map((county) => county.code)).size).toBe(42);
    for (const county of ROMANIAN_COUNTIES) {
      expect(countyOf(county.name)?.code, county.name).toBe(county.code);
      expect(countyOf(county.code.toLowerCase())?.code, county.code).toBe(county.code);
      expect(countyOf(`RO-${county.code}`)?.code, county.code).toBe(county.code);
    }
    const spellings: [string, string][] = [
      ["Timiș", "TM"],
      ["TIMIŞ", "TM"], // ANAF's cedilla
      ["timis", "TM"],
      ["Jud. Cluj", "CJ"],
      ["JUD.CLUJ", "CJ"],
      ["Judetul Iasi", "IS"],
      ["Județul Argeș", "AG"],
      ["Bistrita Nasaud", "BN"],
      ["BISTRIȚA-NĂSĂUD", "BN"],
      ["Satu-Mare", "SM"],
      ["Caras Severin", "CS"],
      ["Bucuresti", "B"],
      ["Municipiul București", "B"],
      ["MUNICIPIUL BUCUREŞTI", "B"],
      ["Mun. Bucuresti", "B"],
      ["Valcea", "VL"],
      ["Dâmbovița", "DB"],
    ];
    for (const [text, code] of spellings) expect(countyOf(text)?.code, text).toBe(code);
    for (const text of ["Berlin", "Sector 3", "Ardeal", "R", "RO"]) expect(countyOf(text), text).toBeUndefined();

    expect(codes({ judet: "jud. cluj" })).toEqual([]);
    expect(codes({ judet: "" })).toEqual(["countyMissing"]);
    const [unknown] = buyerProblems({ ...good, judet: "Ardeal" });
    expect(unknown).toMatchObject({ field: "judet", code: "countyUnknown" });
    expect(unknown.message).toMatch(/^„Ardeal” nu este un județ al României: completați „Județ”/);
  });

  it("wants a sector 1–6 in Bucharest, however the locality spells it", () => {
    const bucharest = { judet: "București", localitate: "București" };
    for (const localitate of ["Sector 3", "SECTOR3", "sector 6", "București Sectorul 3", "Bucuresti, sectorul 1", "Sector 3 Mun. Bucureşti", "Sect. 2", "SECTORUL 5"]) {
      expect(codes({ ...bucharest, localitate }), localitate).toEqual([]);
    }
    const [missing] = buyerProblems({ ...good, ...bucharest });
    expect(missing).toEqual({
      field: "localitate",
      code: "sectorMissing",
      message:
        "Clientul este în București, dar localitatea „București” nu spune sectorul: scrieți în „Localitate” sectorul, de la 1 la 6 (de exemplu „Sector 3”).",
    });
    expect(codes({ judet: "B", localitate: "Bucuresti" })).toEqual(["sectorMissing"]);
    expect(codes({ ...bucharest, localitate: "Sector 7" })).toEqual(["sectorInvalid"]);
    expect(codes({ ...bucharest, localitate: "Sector 0" })).toEqual(["sectorInvalid"]);
    // Outside Bucharest a locality needs no sector.
    expect(codes({ judet: "Ilfov", localitate: "Voluntari" })).toEqual([]);
  });

  it("infers the sector from a Bucharest postal code when the caller has one", () => {
    const bucharest = { ...good, judet: "București", localitate: "București" };
    expect(buyerProblems({ ...bucharest, postalCode: "030001" })).toEqual([]);
    expect(buyerProblems({ ...bucharest, postalCode: "61234" })).toEqual([]); // the leading 0 lost
    expect(buyerProblems({ ...bucharest, postalCode: "400001" }).map((p) => p.code)).toEqual(["sectorMissing"]); // Cluj's
  });

  it("holds a foreign customer to no Romanian county, sector or CIF rule, but wants an identifier", () => {
    const foreign = { ...good, clientName: "Foreign GmbH", cif: "DE123456789", adresa: "Hauptstr. 1", localitate: "Berlin", judet: "Berlin", tara: "Germania" };
    expect(buyerProblems(foreign)).toEqual([]);
    expect(buyerProblems({ ...foreign, judet: "" })).toEqual([]);
    expect(buyerProblems({ ...foreign, cif: "-" })).toEqual([]);
    expect(buyerProblems({ ...foreign, cif: "" }).map((p) => p.code)).toEqual(["foreignIdMissing"]);
    expect(buyerProblems({ ...foreign, adresa: "" }).map((p) => p.code)).toEqual(["streetMissing"]);
    // ANAF knows Romanian companies only.
    expect(buyerProblems(foreign, { state: "inactive", checkedAt: hoursBefore(1) }, NOW)).toEqual([]);
  });

  it("says what ANAF said of an inactive or struck-off company only while that is less than a day old", () => {
    const [inactive] = buyerProblems(good, { state: "inactive", checkedAt: hoursBefore(2) }, NOW);
    expect(inactive).toMatchObject({ field: "cif", code: "anafInactive" });
    expect(inactive.message).toBe(
      "ANAF declară firma cu CIF-ul 18547290 inactivă (verificat la 27.11.2026): e-Factura poate respinge factura, iar TVA-ul ei nu se poate deduce. Verificați clientul înainte de a trimite.",
    );
    const [struckOff] = buyerProblems(good, { state: "struckOff", checkedAt: hoursBefore(23.9) }, NOW);
    expect(struckOff).toMatchObject({ field: "cif", code: "anafStruckOff" });
    expect(struckOff.message).toMatch(/^ANAF declară firma cu CIF-ul 18547290 radiată \(verificat la 26\.11\.2026\)/);
    // A day old or more: ANAF may say otherwise now.
    expect(codes({}, { state: "inactive", checkedAt: hoursBefore(24.1) }, NOW)).toEqual([]);
    expect(codes({}, { state: "struckOff", checkedAt: hoursBefore(72) }, NOW)).toEqual([]);
    // Active, unknown to ANAF, or never asked: nothing to say.
    expect(codes({}, { state: "active", checkedAt: hoursBefore(1) }, NOW)).toEqual([]);
    expect(codes({}, { state: "notFound", checkedAt: hoursBefore(1) }, NOW)).toEqual([]);
    expect(codes({}, null, NOW)).toEqual([]);
    // A person's CNP is not a company ANAF could have said anything about.
    expect(codes({ cif: "1800101221144" }, { state: "inactive", checkedAt: hoursBefore(1) }, NOW)).toEqual([]);
  });

  it("names every problem at once, in the order of the customer's fields", () => {
    expect(buyerProblems({ clientName: "", cif: "123", adresa: "", localitate: "", judet: "Narnia", tara: "", email: "", persContact: "", telefon: "" }).map((p) => p.code)).toEqual([
      "nameMissing",
      "cifInvalid",
      "streetMissing",
      "localityMissing",
      "countyUnknown",
      "countryMissing",
    ]);
  });
});
