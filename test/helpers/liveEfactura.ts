/**
 * What the e-Factura sync (another process's work) leaves in the live server's database, written
 * straight into its SQLite file for client tests: an invoice's SPV status, the message that set it
 * (with a signed ZIP archived or not), its history event, and the company's SPV connection (its
 * tokens placeholders: nothing here calls ANAF with them).
 */
import Database from "better-sqlite3";
import type { EfacturaStatus } from "../../contract/efactura";
import type { LiveServer } from "./liveServer";

function withDatabase<T>(server: LiveServer, work: (db: Database.Database) => T): T {
  if (!server.databaseUrl.startsWith("sqlite:")) throw new Error("liveEfactura writes the live server's SQLite file only");
  const db = new Database(server.databaseUrl.slice("sqlite:".length));
  try {
    db.pragma("busy_timeout = 10000");
    return work(db);
  } finally {
    db.close();
  }
}

export interface LiveEfacturaState {
  status: EfacturaStatus;
  error?: string;
  /** The message's archive: a ZIP kept in the database. */
  archived?: boolean;
  messageAt?: string;
}

/** Sets the invoice's SPV status as the sync would, with its message and its 'Istoric' event. */
export function setLiveEfactura(server: LiveServer, invoiceId: number, state: LiveEfacturaState): void {
  withDatabase(server, (db) => {
    const { tenantId } = db.prepare(`select "tenantId" from invoices where id = ?`).get(invoiceId) as { tenantId: number };
    const now = new Date().toISOString();
    const messageAt = state.messageAt ?? now;
    const type = state.status === "rejected" ? "ERORI FACTURA" : "FACTURA TRIMISA";
    const message = db
      .prepare(
        `insert into efactura_messages ("tenantId", "messageId", type, "uploadId", cif, details, "createdAt", "readAt", "errorText", "invoiceId", archive, "archivedAt")
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        tenantId,
        String(3_000_000_000 + invoiceId),
        type,
        String(5000 + invoiceId),
        "12345678",
        `Factura cu id_incarcare=${5000 + invoiceId}`,
        messageAt,
        now,
        state.error ?? null,
        invoiceId,
        state.archived ? Buffer.from("PK\u0003\u0004") : null,
        state.archived ? now : null,
      );
    db.prepare(`update invoices set "efacturaStatus" = ?, "efacturaError" = ?, "efacturaMessageId" = ?, "efacturaUpdatedAt" = ? where id = ?`).run(
      state.status,
      state.error ?? null,
      Number(message.lastInsertRowid),
      now,
      invoiceId,
    );
    db.prepare(`insert into invoice_events ("invoiceId", action, outcome, "userId", "userEmail", answer, detail, "createdAt") values (?, 'efactura', ?, null, ?, null, ?, ?)`).run(
      invoiceId,
      state.status === "rejected" ? "refused" : "ok",
      "e-Factura (SPV)",
      JSON.stringify({ status: state.status, ...(state.error ? { error: state.error } : {}), messageId: String(3_000_000_000 + invoiceId) }),
      now,
    );
  });
}

/** The company connected to SPV, as far as the invoices' deadline flag reads it (the row exists). */
export function connectLiveEfactura(server: LiveServer, tenantId: number): void {
  withDatabase(server, (db) => {
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    db.prepare(
      `insert into efactura_connections ("tenantId", cif, "accessToken", "refreshToken", "accessExpiresAt", "refreshExpiresAt", "connectedAt", "connectedByUserId", "connectedByEmail", "updatedAt")
       values (?, '12345678', 'placeholder', 'placeholder', ?, ?, ?, null, 'admin@demo.ro', ?)`,
    ).run(tenantId, later, later, now, now);
  });
}
