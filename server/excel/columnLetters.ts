/** A column as Excel names it, from its 0-based index: 0 → "A", 63 → "BL", 16383 → "XFD". */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
