/** Generated customers for the bench scripts: valid CIFs and IBANs, unique codes, Romanian names. */
import type { CustomerFields } from "../contract/api";

const JUDETE = ["Cluj", "Timiș", "Iași", "Constanța", "Brașov", "București", "Prahova", "Dolj", "Bihor", "Argeș", "Sibiu", "Mureș"];
const LOCALITATI = ["Cluj-Napoca", "Timișoara", "Iași", "Constanța", "Brașov", "București", "Ploiești", "Craiova", "Oradea", "Pitești", "Sibiu", "Târgu Mureș"];
const WORDS = ["Alfa", "Beta", "Șerban", "Țesătoria", "Lemn", "Construct", "Agro", "Trans", "Med", "Soft", "Ștrand", "Carpați", "Dunărea", "Nord", "Sud"];
const CIF_KEY = "753217532";

/** A valid Romanian CIF from a 1–9 digit number (its control digit appended). */
function cifOf(n: number): string {
  const body = String(n).padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * Number(CIF_KEY[i]);
  return `RO${n}${((sum * 10) % 11) % 10}`;
}

export function customerOf(i: number): CustomerFields {
  const j = i % JUDETE.length;
  return {
    clientName: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i} SRL`,
    cif: cifOf(1_000_000 + i),
    regCom: `J${String(j + 1).padStart(2, "0")}/${i}/2020`,
    codClient: `CL${String(i).padStart(7, "0")}`,
    adresa: `Str. ${WORDS[(i * 3) % WORDS.length]} nr. ${i % 200}`,
    localitate: LOCALITATI[(i * 5) % LOCALITATI.length],
    judet: JUDETE[j],
    banca: "Banca Transilvania",
    iban: "RO49AAAA1B31007593840000",
    tara: "Romania",
    email: `contact${i}@firma${i % 1000}.ro`,
    persContact: `Persoana ${i}`,
    telefon: `07${String(20_000_000 + i).padStart(8, "0")}`,
  };
}
