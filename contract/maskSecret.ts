/**
 * Settings whose name says they hold a secret are never shown whole: the value keeps its first
 * and last character (spec: 'password'; tokens and secrets are secrets too). The server masks
 * before answering, so a secret never reaches the browser; the screen masks again, harmlessly.
 */
const SECRET_NAME = /password|token|secret/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

export function maskValue(value: string): string {
  if (value.length <= 2) return "*".repeat(value.length);
  return `${value[0]}${"*".repeat(value.length - 2)}${value[value.length - 1]}`;
}

export function maskSecret(name: string, value: string): string {
  return isSecretName(name) ? maskValue(value) : value;
}
