/**
 * The e-Factura emulator's world: its clock (the server's app.now() moved by an admin offset),
 * settings, SPV messages with their ids, the daily usage counters (per Romanian day of the
 * emulator's clock), pending faults, the request log and the OAuth state (codes, tokens).
 * `reset()` puts everything back as at the start, seeded supplier invoices included.
 */
import { randomBytes } from "node:crypto";
import { romanianDate } from "../../smartbill/bucharestTime";
import type { IssuedDocument } from "../../smartbill/emulator/issuedDocuments";
import { HangingSockets } from "../../smartbill/emulator/hangingSockets";
import { EfacturaFaultQueue, type EfacturaFaultOperation } from "./faults";
import { messageOfIssued, receivedMessage, seededSupplierInvoices, type SpvDocument, type SpvMessage } from "./messages";
import { DEFAULT_EFACTURA_EMULATOR_SETTINGS, type EfacturaEmulatorSettings } from "./settings";

export interface EfacturaRequestLogEntry {
  /** When it came, on the emulator's clock (epoch ms). */
  at: number;
  method: string;
  /** The path under the emulator's prefix, without the query. */
  path: string;
  operation: EfacturaFaultOperation | "authorize" | "revoke" | "listSimple";
  /** The query's parameters, without codes or tokens. */
  query: Record<string, string>;
  status?: number;
  /** What happened when it was not a plain answer: a fault's name, "limit", "unauthorized". */
  outcome?: string;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  createdAt: number;
}

export interface RefreshTokenEntry {
  clientId: string;
  expiresAt: number;
}

export interface EfacturaEmulatorOptions {
  /** The companies whose SPV gets the seeded supplier invoices (the demo company). */
  seedBuyers?: { cif: string; name: string }[];
  /** Application registrations it accepts besides the demo client (the operator's, in demo mode). */
  clients?: { id: string; secret: string }[];
  /** The server's clock (default Date.now). */
  now?: () => number;
  /**
   * Invoices SmartBill issued before the emulator started (the demo's history): their messages
   * are made as if SPV had processed each 20 minutes after its issue.
   */
  history?: IssuedDocument[];
}

const UPLOAD_DELAY_MS = 20 * 60_000;

const MAX_LOGGED_REQUESTS = 2000;
const FIRST_UPLOAD_ID = 5_001_130_000;
const FIRST_DOWNLOAD_ID = 3_001_290_000;

export class EfacturaEmulatorRuntime {
  settings: EfacturaEmulatorSettings = structuredClone(DEFAULT_EFACTURA_EMULATOR_SETTINGS) as EfacturaEmulatorSettings;
  clockOffsetMs = 0;
  messages: SpvMessage[] = [];
  readonly faults = new EfacturaFaultQueue();
  /** Connections the "timeout" fault holds; closed with the app. */
  readonly hanging = new HangingSockets();
  readonly requests: EfacturaRequestLogEntry[] = [];
  /** "<day>|<operation>|<key>" → calls that day. */
  private usage = new Map<string, number>();
  private nextUpload = FIRST_UPLOAD_ID;
  private nextDownload = FIRST_DOWNLOAD_ID;
  readonly codes = new Map<string, AuthorizationCode>();
  readonly refreshTokens = new Map<string, RefreshTokenEntry>();
  /** Access tokens' jti still valid (not revoked, not from before a reset). */
  readonly accessTokens = new Set<string>();
  /** Signs the access tokens and the "Ministry's" signatures; new at each start. */
  readonly secret = randomBytes(32);

  constructor(private readonly options: EfacturaEmulatorOptions) {
    this.seed();
  }

  now(): number {
    return (this.options.now ?? Date.now)() + this.clockOffsetMs;
  }

  /** The emulator's Romanian day, which its daily limits count by. */
  today(): string {
    return romanianDate(this.now());
  }

  nextIds(): { id: string; idSolicitare: string } {
    return { id: String(this.nextDownload++), idSolicitare: String(this.nextUpload++) };
  }

  /** SmartBill issued an invoice or storno: SPV makes its message now (or at `at`). */
  receiveIssued(issued: IssuedDocument, at = this.now()): SpvMessage {
    const message = messageOfIssued(issued, this.nextIds(), at);
    this.messages.push(message);
    return message;
  }

  addReceived(document: SpvDocument, createdAt: number): SpvMessage {
    const message = receivedMessage(document, this.nextIds(), createdAt);
    this.messages.push(message);
    return message;
  }

  /** Counts one more call of `operation` for `key` today; the count before it. */
  use(operation: string, key: string): number {
    const usageKey = `${this.today()}|${operation}|${key}`;
    const before = this.usage.get(usageKey) ?? 0;
    this.usage.set(usageKey, before + 1);
    return before;
  }

  log(entry: EfacturaRequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.splice(0, this.requests.length - MAX_LOGGED_REQUESTS);
  }

  clientSecret(clientId: string): string | undefined {
    return this.options.clients?.find((client) => client.id === clientId)?.secret;
  }

  hasRights(cif: string): boolean {
    return !this.settings.noRightsCifs.includes(cif);
  }

  reset(): void {
    this.settings = structuredClone(DEFAULT_EFACTURA_EMULATOR_SETTINGS) as EfacturaEmulatorSettings;
    this.clockOffsetMs = 0;
    this.messages = [];
    this.faults.clear();
    this.requests.length = 0;
    this.usage.clear();
    this.nextUpload = FIRST_UPLOAD_ID;
    this.nextDownload = FIRST_DOWNLOAD_ID;
    this.codes.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.seed();
  }

  private seed(): void {
    const now = this.now();
    for (const issued of this.options.history ?? []) {
      if (!issued.invoice.isDraft) this.receiveIssued(issued, Date.parse(issued.invoice.createdAt) + UPLOAD_DELAY_MS);
    }
    for (const buyer of this.options.seedBuyers ?? []) {
      for (const { document, createdAt } of seededSupplierInvoices(buyer, now)) this.addReceived(document, createdAt);
    }
  }
}
