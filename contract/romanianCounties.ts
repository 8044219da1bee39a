/**
 * Romania's 41 counties and Bucharest, as ISO 3166-2:RO names them (the list e-Factura's rule
 * BR-RO-111 accepts for a Romanian buyer's county, ../shared/spec/anaf-api.md B.4): the code
 * after 'RO-' (also the car plate code ANAF answers as scod_JudetAuto) and the name with its
 * diacritics.
 */
export interface RomanianCounty {
  code: string;
  name: string;
}

export const BUCHAREST_CODE = "B";

export const ROMANIAN_COUNTIES: readonly RomanianCounty[] = [
  { code: "AB", name: "Alba" },
  { code: "AR", name: "Arad" },
  { code: "AG", name: "Argeș" },
  { code: "BC", name: "Bacău" },
  { code: "BH", name: "Bihor" },
  { code: "BN", name: "Bistrița-Năsăud" },
  { code: "BT", name: "Botoșani" },
  { code: "BV", name: "Brașov" },
  { code: "BR", name: "Brăila" },
  { code: "BZ", name: "Buzău" },
  { code: "CS", name: "Caraș-Severin" },
  { code: "CJ", name: "Cluj" },
  { code: "CT", name: "Constanța" },
  { code: "CV", name: "Covasna" },
  { code: "DB", name: "Dâmbovița" },
  { code: "DJ", name: "Dolj" },
  { code: "GL", name: "Galați" },
  { code: "GJ", name: "Gorj" },
  { code: "HR", name: "Harghita" },
  { code: "HD", name: "Hunedoara" },
  { code: "IL", name: "Ialomița" },
  { code: "IS", name: "Iași" },
  { code: "IF", name: "Ilfov" },
  { code: "MM", name: "Maramureș" },
  { code: "MH", name: "Mehedinți" },
  { code: "MS", name: "Mureș" },
  { code: "NT", name: "Neamț" },
  { code: "OT", name: "Olt" },
  { code: "PH", name: "Prahova" },
  { code: "SM", name: "Satu Mare" },
  { code: "SJ", name: "Sălaj" },
  { code: "SB", name: "Sibiu" },
  { code: "SV", name: "Suceava" },
  { code: "TR", name: "Teleorman" },
  { code: "TM", name: "Timiș" },
  { code: "TL", name: "Tulcea" },
  { code: "VS", name: "Vaslui" },
  { code: "VL", name: "Vâlcea" },
  { code: "VN", name: "Vrancea" },
  { code: BUCHAREST_CODE, name: "București" },
  { code: "CL", name: "Călărași" },
  { code: "GR", name: "Giurgiu" },
];

/**
 * Upper case without diacritics: 'ș' and ANAF's cedilla 'ş' both become 'S', so 'Timiș',
 * 'TIMIŞ' and 'Timis' compare equal.
 */
export function foldRomanian(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
}

/** Only the letters, for names written with a hyphen, spaces or none ('Bistrița-Năsăud', 'Satu-Mare', 'SATUMARE'). */
const letters = (text: string) => foldRomanian(text).replace(/[^A-Z]/g, "");

// What precedes a county's name as people and ANAF write it: 'Jud. Cluj', 'JUDETUL CLUJ', 'Județul Cluj', 'Municipiul București', 'Mun. Bucuresti', 'RO-CJ'.
const PREFIX = /^(?:JUDETUL|JUDET|JUD\.?|MUNICIPIUL|MUN\.?|RO-)\s*/;

const BY_CODE = new Map(ROMANIAN_COUNTIES.map((county) => [county.code, county]));
const BY_NAME = new Map(ROMANIAN_COUNTIES.map((county) => [letters(county.name), county]));

/** The county a text names, by its name or its code, in any case, with or without diacritics and 'Jud.'; undefined when none. */
export function countyOf(text: string): RomanianCounty | undefined {
  const folded = foldRomanian(text).trim().replace(/\s+/g, " ");
  if (!folded) return undefined;
  const bare = folded.replace(PREFIX, "").trim();
  return BY_CODE.get(bare) ?? BY_NAME.get(letters(bare));
}
