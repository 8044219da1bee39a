/**
 * The SmartBill client's message after a lost answer ends with advice to the caller ("check
 * before asking again"). An action that does that check itself drops the advice from what it says.
 */
export function withoutAdvice(message: string, advice: string): string {
  const at = message.indexOf(` ${advice}`);
  return at === -1 ? message : message.slice(0, at);
}
