/** The rules for a new password, shared by the set/reset and change screens (spec section 5). */
import { MIN_PASSWORD_LENGTH } from "../../contract/constants";

export type PasswordProblem =
  | { key: "password.required" }
  | { key: "password.mismatch" }
  | { key: "password.tooShort"; options: { min: number } };

/** The first problem with the fields as typed, or null when they may be sent. */
export function checkNewPassword(fields: string[], password: string, confirm: string): PasswordProblem | null {
  if (fields.some((value) => !value)) return { key: "password.required" };
  if (password !== confirm) return { key: "password.mismatch" };
  if (password.length < MIN_PASSWORD_LENGTH) return { key: "password.tooShort", options: { min: MIN_PASSWORD_LENGTH } };
  return null;
}
