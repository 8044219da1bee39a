/** Valid CUIs made up for tests of the ANAF lookup (each body with its control digit appended). */
import { validCui } from "../../contract/cif";

/** `count` valid CUIs from the body `first` on. */
export function validCuisFrom(first: number, count: number): string[] {
  const cuis: string[] = [];
  for (let body = first; cuis.length < count; body++) {
    for (let digit = 0; digit <= 9; digit++) {
      if (validCui(`${body}${digit}`)) {
        cuis.push(`${body}${digit}`);
        break;
      }
    }
  }
  return cuis;
}
