/**
 * The contact page's form (POST /dmz-api/contact): the bounds the page checks as it is filled in
 * and the server checks again. A message costs what it holds: these caps, a small request body,
 * and a count per client address, per sender address and for everyone together.
 */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  message: 5_000,
  /** Shorter than this is no question one can answer. */
  messageMin: 10,
} as const;
