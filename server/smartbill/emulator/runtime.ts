/**
 * One emulator's mutable world: its state (accounts, companies), its switches, the token
 * limiter, pending faults and the log of calls. The SmartBill routes and the admin API share it;
 * `reset()` puts everything back as the plugin's options gave it.
 */
import { demoAccounts, demoCompanies } from "./demoData";
import type { OutboxMail } from "./documentSend";
import { FaultQueue } from "./faults";
import { IssuedDocuments } from "./issuedDocuments";
import { EmulatorLimiter, type EmulatorLimiterSettings, SMARTBILL_LIMITS } from "./limiter";
import { buildState, type EmulatorAccount, type EmulatorCompanySeed, type EmulatorState } from "./model";

export type EmulatorEndpoint =
  | "stocks"
  | "tax"
  | "series"
  | "invoice"
  | "paymentstatus"
  | "pdf"
  | "cancel"
  | "restore"
  | "reverse"
  | "payment"
  | "documentSend"
  | "estimateInvoices";

export interface EmulatorSettings {
  limiter: EmulatorLimiterSettings;
  /** 403 with the observed errorText (default), or 429 as SPEC26 says. */
  lockoutStatus: 403 | 429;
  /** Status of business-validation errors: 400 (default) or 422. */
  validationStatus: 400 | 422;
  /** An unknown or mistyped body field: invalid_request_error (default) or an HTML 500 (older behaviour). */
  unknownField: "json-error" | "html500";
  /** An unknown `language`: accepted, falling back to RO (SPEC26, default), or refused (SWAGGER). */
  unknownLanguage: "accept" | "reject";
  /** Extra answer time in ms, per endpoint or for all. */
  delays: Partial<Record<EmulatorEndpoint | "all", number>>;
  /** How long the "timeout" fault keeps a connection before dropping it (default 120 s). */
  hangMs: number;
  /**
   * SWAGGER's older answers: stock quantities as strings ("100") and series numbers
   * zero-padded ("0117"). Default false (numbers, as SPEC26).
   */
  legacyNumbers: boolean;
}

export interface SmartBillEmulatorOptions extends Partial<Omit<EmulatorSettings, "limiter">> {
  /** Default: the demo account (facturare@demo.ro / demo-smartbill-token-0001). */
  accounts?: EmulatorAccount[];
  /** Default: the demo company RO40671760. */
  companies?: EmulatorCompanySeed[];
  limiter?: Partial<EmulatorLimiterSettings>;
  /** Where issued invoices and stornos are announced (the demo's e-Factura emulator listens). */
  issued?: IssuedDocuments;
}

export interface RequestLogEntry {
  at: string;
  method: string;
  /** The API path, e.g. /stocks. */
  path: string;
  query: string;
  username?: string;
  /** The JSON body as parsed (POST), when the call got that far. */
  body?: unknown;
}

const MAX_LOGGED_REQUESTS = 1000;

export class EmulatorRuntime {
  state: EmulatorState;
  settings: EmulatorSettings;
  readonly limiter: EmulatorLimiter;
  readonly faults = new FaultQueue();
  readonly requests: RequestLogEntry[] = [];
  /** What POST /document/send "sent", oldest first. */
  readonly outbox: OutboxMail[] = [];
  /** Invoices and stornos as they are issued, for whoever listens (not reset: listeners stay). */
  readonly issued: IssuedDocuments;
  private readonly seed: EmulatorState;

  constructor(private readonly options: SmartBillEmulatorOptions) {
    this.seed = buildState(options.accounts ?? demoAccounts(), options.companies ?? demoCompanies());
    this.state = structuredClone(this.seed);
    this.settings = initialSettings(options);
    this.limiter = new EmulatorLimiter(this.settings.limiter);
    this.issued = options.issued ?? new IssuedDocuments();
  }

  /** Merges a partial change of the switches (limiter and delays merged field by field). */
  changeSettings(change: Partial<EmulatorSettings>): void {
    this.settings = {
      ...this.settings,
      ...change,
      limiter: { ...this.settings.limiter, ...change.limiter },
      delays: { ...this.settings.delays, ...change.delays },
    };
    this.limiter.settings = this.settings.limiter;
  }

  replaceState(accounts: EmulatorAccount[] | undefined, companies: EmulatorCompanySeed[] | undefined): void {
    this.state = buildState(accounts ?? this.state.accounts, companies ?? this.state.companies);
  }

  log(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.splice(0, this.requests.length - MAX_LOGGED_REQUESTS);
  }

  reset(): void {
    this.state = structuredClone(this.seed);
    this.settings = initialSettings(this.options);
    this.limiter.settings = this.settings.limiter;
    this.limiter.clear();
    this.faults.clear();
    this.requests.length = 0;
    this.outbox.length = 0;
  }
}

function initialSettings(options: SmartBillEmulatorOptions): EmulatorSettings {
  return {
    limiter: { ...SMARTBILL_LIMITS, ...options.limiter },
    lockoutStatus: options.lockoutStatus ?? 403,
    validationStatus: options.validationStatus ?? 400,
    unknownField: options.unknownField ?? "json-error",
    unknownLanguage: options.unknownLanguage ?? "accept",
    delays: { ...options.delays },
    hangMs: options.hangMs ?? 120_000,
    legacyNumbers: options.legacyNumbers ?? false,
  };
}
