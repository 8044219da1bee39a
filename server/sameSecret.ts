/** Whether two secrets (tokens, states, MACs) are the same, in a time that does not tell how much of them matched. */
import { timingSafeEqual } from "node:crypto";

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
