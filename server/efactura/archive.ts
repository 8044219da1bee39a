/**
 * The ZIPs ANAF gives (the signed invoice and the Ministry of Finance's signature, or ANAF's
 * errors), kept per message: in the database (`efactura_messages.archive`), or, when
 * EFACTURA_ARCHIVE_DIR is set, as a file there (`<tenantId>/<messageId>.zip`, named in
 * `archivePath`). A file is written whole under a temporary name, then renamed, so a reader never
 * sees half of one.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface StoredArchive {
  archive: Uint8Array | null;
  archivePath: string | null;
}

/** What to store in the message's row for this ZIP. */
export async function keepArchive(archiveDir: string | undefined, tenantId: number, messageId: string, zip: Uint8Array): Promise<StoredArchive> {
  if (!archiveDir) return { archive: zip, archivePath: null };
  if (!/^\d+$/.test(messageId)) throw new Error(`an SPV message id is digits, got "${messageId}"`);
  const relative = join(String(tenantId), `${messageId}.zip`);
  const target = join(archiveDir, relative);
  await mkdir(join(archiveDir, String(tenantId)), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, zip);
  await rename(temporary, target);
  return { archive: null, archivePath: relative };
}

/** The ZIP kept for a message, or undefined when none is. */
export async function readArchive(archiveDir: string | undefined, stored: StoredArchive): Promise<Buffer | undefined> {
  if (stored.archive) return Buffer.from(stored.archive);
  if (stored.archivePath && archiveDir) return readFile(join(archiveDir, stored.archivePath));
  return undefined;
}
