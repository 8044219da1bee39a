/**
 * The application registration the e-Factura emulator knows, used in demo mode when the operator
 * set no ANAF_CLIENT_ID/SECRET (and by the tests): not a secret, it opens only the emulator.
 */
export const DEMO_EFACTURA_CLIENT = { id: "demo-efactura-client", secret: "demo-efactura-secret" } as const;

/** Where demo mode and the tests serve the e-Factura emulator: OAuth, the REST API and `transformare` under one prefix. */
export const EFACTURA_EMULATOR_PREFIX = "/anaf-efactura-emulator";
