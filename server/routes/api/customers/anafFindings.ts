/**
 * What ANAF's answer says about one imported row: warnings only (a row is never rejected for
 * them). The comparisons forgive what people write differently: case, diacritics (ANAF writes
 * 'Ş' with a cedilla), punctuation and 'S.R.L.' for 'SRL'; a county by name or code.
 */
import type { AnafCompany } from "../../../../contract/anaf";
import { countyOf, foldRomanian, ROMANIAN_COUNTIES } from "../../../../contract/romanianCounties";
import { customerAnafCheckMessages as say } from "../../../messages";

/** The row's fields the check compares, as the task keeps them: [Excel row, code, CUI, name, county]. */
export type AnafCheckedRow = [row: number, codClient: string, cui: string, clientName: string, judet: string];

/**
 * The warnings for one row; none when ANAF's answer is missing (`undefined`: never read), null
 * meaning ANAF does not know the CUI.
 */
export function anafFindings([, , cui, clientName, judet]: AnafCheckedRow, company: AnafCompany | null | undefined): string[] {
  if (company === undefined) return [];
  if (company === null) return [say.notKnown(cui)];
  const findings: string[] = [];
  if (company.struckOffOn) findings.push(say.struckOff(company.struckOffOn));
  else if (company.inactive) findings.push(say.inactive(company.inactiveSince));
  if (company.name && comparableName(company.name) !== comparableName(clientName)) findings.push(say.nameDiffers(company.name));
  const anafCounty = ROMANIAN_COUNTIES.find((county) => county.code === company.address.countyCode);
  if (anafCounty && judet.trim() && countyOf(judet)?.code !== anafCounty.code) findings.push(say.countyDiffers(anafCounty.name));
  return findings;
}

/** 'S.C. Exemplu Soft S.R.L.' and 'EXEMPLU SOFT SRL' compare equal; so do 'Comerţ' and 'Comert'. */
export function comparableName(name: string): string {
  const words = foldRomanian(name)
    .replace(/[.,'"„”“`]/g, "")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim()
    // 'S R L' (letters spaced out) as 'SRL'
    .replace(/\b([A-Z])\s(?=[A-Z]\b)/g, "$1")
    .split(" ");
  // 'SC' before the name is the old 'societate comercială' mark, left out by ANAF.
  return (words[0] === "SC" ? words.slice(1) : words).join(" ");
}
