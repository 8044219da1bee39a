/**
 * The e-Factura emulator's switches (admin POST /settings merges a partial change): token
 * lifetimes, how long an upload stays 'in prelucrare', ANAF's daily limits, the list's page size
 * and the CIFs the token has no SPV rights on. Defaults as ANAF is reported to work
 * (../shared/spec/anaf-api.md C.1, C.3).
 */
export interface EfacturaEmulatorSettings {
  /** Access token lifetime (the JWT's exp); default 90 days. */
  accessSeconds: number;
  /** Refresh token lifetime; default 3 years (what Odoo assumes). */
  refreshSeconds: number;
  /** How long after its upload an invoice's stareMesaj answers 'in prelucrare'; default 0. */
  processingDelaySeconds: number;
  /** Message-list calls (both lists together) per CIF and Romanian day; default 100,000 (the paged list's quota). */
  listLimitPerDay: number;
  /** stareMesaj calls per upload index and Romanian day; default 20 (ANAF's 2023 answer). */
  statusLimitPerDay: number;
  /** descarcare calls per message and Romanian day; default 10. */
  downloadLimitPerMessage: number;
  /** Messages per page of listaMesajePaginatieFactura; ANAF's is 500. */
  pageSize: number;
  /** CIFs (digits) the token has no rights on in SPV: 'Nu aveti drept in SPV pentru CIF=…'. */
  noRightsCifs: string[];
  /** How long the "timeout" fault holds a connection before dropping it (ms). */
  hangMs: number;
}

export const DEFAULT_EFACTURA_EMULATOR_SETTINGS: Readonly<EfacturaEmulatorSettings> = {
  accessSeconds: 90 * 86_400,
  refreshSeconds: 3 * 365 * 86_400,
  processingDelaySeconds: 0,
  listLimitPerDay: 100_000,
  statusLimitPerDay: 20,
  downloadLimitPerMessage: 10,
  pageSize: 500,
  noRightsCifs: [],
  hangMs: 120_000,
};

const NUMBER_FIELDS = [
  "accessSeconds",
  "refreshSeconds",
  "processingDelaySeconds",
  "listLimitPerDay",
  "statusLimitPerDay",
  "downloadLimitPerMessage",
  "pageSize",
  "hangMs",
] as const;

/** The settings with a change applied, or the reason the change is refused. */
export function changedSettings(current: EfacturaEmulatorSettings, change: unknown): EfacturaEmulatorSettings | string {
  if (typeof change !== "object" || change === null || Array.isArray(change)) return "Setările sunt un obiect JSON.";
  const next: EfacturaEmulatorSettings = { ...current, noRightsCifs: [...current.noRightsCifs] };
  for (const [key, value] of Object.entries(change)) {
    if ((NUMBER_FIELDS as readonly string[]).includes(key)) {
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return `${key} trebuie să fie un număr ≥ 0.`;
      if (key === "pageSize" && value < 1) return "pageSize trebuie să fie cel puțin 1.";
      next[key as (typeof NUMBER_FIELDS)[number]] = value;
    } else if (key === "noRightsCifs") {
      if (!Array.isArray(value) || !value.every((cif) => typeof cif === "string" || typeof cif === "number")) {
        return "noRightsCifs este o listă de CIF-uri.";
      }
      next.noRightsCifs = value.map((cif) => cifDigits(String(cif)));
    } else {
      return `Setare necunoscută: ${key}.`;
    }
  }
  return next;
}

/** A CIF as SPV writes it: digits only ("RO40671760" → "40671760"). */
export function cifDigits(cif: string): string {
  return cif.trim().toUpperCase().replace(/^RO/, "").replace(/\s+/g, "");
}
