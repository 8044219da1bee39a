/**
 * What the JSON body parser (jsonBody.ts) learnt about a body while scanning its text, kept beside
 * the parsed value so that the checks after it need not walk the value again to learn it:
 * whether any text in it may hold a refused character (controlCharacters.ts), and how many
 * values it holds (validation.ts reports every problem only for a small body).
 *
 * A value that did not come through that parser (a multipart field, a test's own object) has no
 * shape: the checks then assume the worst, as before.
 */
export interface BodyShape {
  /** A refused character, raw or as a \u escape, somewhere in the text (a key or a string). */
  refusedCharacters: boolean;
  /** The body's values and keys, counted by their separators: an upper bound, cheap to take. */
  items: number;
}

const shapes = new WeakMap<object, BodyShape>();

export function recordBodyShape(body: unknown, shape: BodyShape): void {
  if (body !== null && typeof body === "object") shapes.set(body, shape);
}

export function bodyShapeOf(body: unknown): BodyShape | undefined {
  return body !== null && typeof body === "object" ? shapes.get(body) : undefined;
}

/** False only for a parsed body whose text was found clean; strings and numbers are cheap to look at. */
export function mayHoldRefusedCharacters(body: unknown): boolean {
  return bodyShapeOf(body)?.refusedCharacters ?? true;
}
