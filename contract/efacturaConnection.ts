/**
 * 'e-Factura (SPV)': the screen where a tenant's admin connects the company to ANAF, and what the
 * OAuth callback tells it. The callback sends the browser back to the screen with a result code
 * (never a free text taken from the request), which the screen shows in these words.
 */

/** Where the screen lives (the client's router). */
export const EFACTURA_CONNECTION_PAGE = "/efactura-spv";

/** The query parameter the callback adds to the screen's address. */
export const EFACTURA_RESULT_PARAM = "rezultat";

export const EFACTURA_CALLBACK_RESULTS = {
  connected: "Firma a fost conectată la ANAF (SPV).",
  // Unknown, forged, reused or expired state: nothing was stored.
  invalid: "Autorizarea nu a putut fi verificată. Porniți din nou conectarea.",
  // The person refused on ANAF's page (error=access_denied).
  denied: "Autorizarea a fost refuzată pe pagina ANAF. Firma nu a fost conectată.",
  // ANAF refused the code (wrong verifier, spent or expired code, unknown client).
  refused: "ANAF a refuzat autorizarea. Porniți din nou conectarea.",
  // ANAF could not be asked (time-out, network, an answer not its shape).
  failed: "ANAF nu a putut fi contactat pentru a finaliza conectarea. Încercați din nou peste câteva minute.",
  // The tenant's SmartBill CIF was removed meanwhile.
  noCif: "Configurați mai întâi conexiunea SmartBill (CIF-ul firmei), apoi conectați firma la ANAF.",
} as const;

export type EfacturaCallbackResult = keyof typeof EFACTURA_CALLBACK_RESULTS;

export const isEfacturaCallbackResult = (value: string | null): value is EfacturaCallbackResult =>
  value !== null && Object.hasOwn(EFACTURA_CALLBACK_RESULTS, value);

/** How long an authorisation begun may take to come back from ANAF's page. */
export const EFACTURA_AUTHORIZATION_MINUTES = 15;

export const EFACTURA_CONNECTION_MESSAGES = {
  noCif: "Configurați mai întâi conexiunea SmartBill: CIF-ul firmei este cel conectat la ANAF (SPV).",
  unavailable:
    "Operatorul nu a înregistrat aplicația la ANAF: conectarea la SPV este posibilă după ce setează ANAF_CLIENT_ID și ANAF_CLIENT_SECRET.",
  notListening: "Serverul nu poate construi adresa de întoarcere de la ANAF acum. Încercați din nou.",
  // ANAF sends the browser back to one address; a browser on another (localhost for 127.0.0.1)
  // would arrive there without the authorisation it began, and signed out.
  otherAddress: (address: string) => `ANAF trimite înapoi la adresa ${address}. Deschideți aplicația la această adresă, apoi conectați firma.`,
  disconnected: "Firma a fost deconectată de la ANAF (SPV).",
  notConnected: "Firma nu este conectată la ANAF (SPV).",
} as const;
