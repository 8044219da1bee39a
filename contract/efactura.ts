/**
 * e-Factura (ANAF's SPV) as the product shows it: the tenant's connection, each sent invoice's SPV
 * status, its deadline, and the invoices suppliers sent the company ('Facturi primite').
 */
import { addWorkingDays, workingDaysBetween } from "./romanianWorkingDays";

/**
 * An invoice's state in SPV, as the company's SPV messages say:
 * - sent: a 'FACTURA TRIMISA' message names it, and ANAF is still processing it ('in prelucrare');
 * - validated: ANAF validated it (stareMesaj `ok`); its signed ZIP is archived;
 * - rejected: an 'ERORI FACTURA' message (or stareMesaj `nok`) names it, with ANAF's error text.
 * No status: SPV has no message for it yet.
 */
export const EFACTURA_STATUSES = ["sent", "validated", "rejected"] as const;
export type EfacturaStatus = (typeof EFACTURA_STATUSES)[number];

export const EFACTURA_STATUS_LABELS: Record<EfacturaStatus, string> = {
  sent: "Trimisă la ANAF",
  validated: "Validată",
  rejected: "Respinsă",
};

/** The invoice list's 'e-Factura' filter: a status, or none yet ('Fără mesaj SPV'), or near/after its deadline. */
export const EFACTURA_FILTERS = [...EFACTURA_STATUSES, "none", "due"] as const;
export type EfacturaFilter = (typeof EFACTURA_FILTERS)[number];
export const EFACTURA_FILTER_LABELS: Record<EfacturaFilter, string> = {
  ...EFACTURA_STATUS_LABELS,
  none: "Fără mesaj SPV",
  due: "Termen e-Factura apropiat",
};

/** ANAF's message types (the `tip` of a message in listaMesaje…), as ANAF writes them. */
export const SPV_MESSAGE_TYPES = {
  sent: "FACTURA TRIMISA",
  errors: "ERORI FACTURA",
  received: "FACTURA PRIMITA",
} as const;

/** OUG 89/2025: an invoice must reach SPV within 5 working days of its issue date. */
export const EFACTURA_DEADLINE_WORKING_DAYS = 5;
/** An invoice with no SPV message is flagged once this few working days (or fewer) are left. */
export const EFACTURA_DEADLINE_WARNING_DAYS = 2;

/** The last day an invoice issued on `issueDate` may reach SPV. */
export function efacturaDeadline(issueDate: string): string {
  return addWorkingDays(issueDate, EFACTURA_DEADLINE_WORKING_DAYS);
}

/** Working days left until the deadline, seen on `today` (Romania's date); negative once it has passed. */
export function efacturaWorkingDaysLeft(issueDate: string, today: string): number {
  return workingDaysBetween(today, efacturaDeadline(issueDate));
}

/** True when an invoice with no SPV message should be flagged on `today`. */
export function efacturaDeadlineNear(issueDate: string, today: string): boolean {
  return efacturaWorkingDaysLeft(issueDate, today) <= EFACTURA_DEADLINE_WARNING_DAYS;
}

/** The flag's words: 'Termen e-Factura: mai sunt N zile lucrătoare', today, or passed. */
export function efacturaDeadlineText(daysLeft: number): string {
  if (daysLeft < 0) return `Termen e-Factura depășit cu ${-daysLeft} ${-daysLeft === 1 ? "zi lucrătoare" : "zile lucrătoare"}`;
  if (daysLeft === 0) return "Termen e-Factura: astăzi";
  if (daysLeft === 1) return "Termen e-Factura: mai este o zi lucrătoare";
  return `Termen e-Factura: mai sunt ${daysLeft} zile lucrătoare`;
}

/**
 * What an invoice (list row and screen) says about e-Factura. `deadline`/`workingDaysLeft` are set
 * only for a sent invoice with no SPV message yet (today being Romania's date on the server).
 */
export interface InvoiceEfactura {
  status: EfacturaStatus | null;
  /** ANAF's error text of a rejection. */
  error: string | null;
  /** When SPV's message about it was created (ISO), or null. */
  messageAt: string | null;
  /** The signed ZIP is archived: GET …/invoice/{id}/efactura/zip and …/efactura/pdf answer. */
  archived: boolean;
  deadline: string | null;
  workingDaysLeft: number | null;
}

/** GET /api/efactura/connection: the tenant's SPV connection, never its tokens. */
export interface EfacturaConnection {
  /** The operator registered the application at ANAF (ANAF_CLIENT_ID/SECRET): connecting is possible. */
  available: boolean;
  connected: boolean;
  /** The CIF whose messages are read (the tenant's SmartBill CIF when connected). */
  cif: string | null;
  connectedAt: string | null;
  connectedBy: string | null;
  /** Until when the access (and the refresh) token is valid. */
  accessExpiresAt: string | null;
  refreshExpiresAt: string | null;
  /** Why the last refresh or reading of messages failed, in Romanian; null when it went well. */
  problem: string | null;
  /** The last time the company's messages were read. */
  syncedAt: string | null;
}

/** POST /api/efactura/connection: where to send the browser (ANAF's consent page). */
export interface EfacturaAuthorization {
  authorizeUrl: string;
}

/** One row of 'Facturi primite' (GET /api/efactura/received). */
export interface ReceivedInvoice {
  id: number;
  /** ANAF's download id. */
  messageId: string;
  supplierName: string | null;
  supplierCif: string | null;
  /** The invoice's number as the supplier wrote it (cbc:ID). */
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  total: number | null;
  currency: string | null;
  /** When SPV received it (ISO). */
  receivedAt: string;
  archived: boolean;
}
