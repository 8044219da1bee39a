/**
 * One rule for an e-mail address, wherever the product takes one (users, the customer import,
 * an invoice's e-mail and its cc setting, the contact form, ADMIN_EMAIL / CONTACT_EMAIL), on the
 * client and the server: a plain `local@domain`, as HTML's `<input type="email">` defines it
 * (RFC 5322's dot-atom before the `@`, letters, digits and hyphens in the domain's labels), with
 * at least one dot in the domain. No display name (`"Ion" <ion@firma.ro>`), no angle brackets,
 * quotes, spaces or line breaks: an address goes into a mail header (SmartBill's /document/send),
 * where any of those could add a recipient or a header of its own. Non-ASCII domains are written
 * in their xn-- form, as SmartBill's mail server wants them.
 */

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const EMAIL_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`);

/** RFC 5321's limits: 64 characters before the `@`, 254 in all. */
const MAX_LOCAL_LENGTH = 64;
const MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_LENGTH && value.indexOf("@") <= MAX_LOCAL_LENGTH && EMAIL_ADDRESS.test(value);
}
