/**
 * What a file is, by its first bytes (never by its name): a zip (an .xlsx), an OLE compound
 * document (an .xls, or an encrypted OOXML file, which Office stores as OLE), or anything else.
 */
export type FileKind = "zip" | "ole" | "encrypted-ooxml" | "other";

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Stream names of an encrypted OOXML package, as UTF-16LE in the OLE directory. */
const ENCRYPTED_MARKERS = ["EncryptedPackage", "EncryptionInfo"].map((name) => Buffer.from(name, "utf16le"));

export function sniff(buffer: Buffer): FileKind {
  if (buffer.length >= 4 && buffer.subarray(0, 4).equals(ZIP)) return "zip";
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(OLE)) {
    return ENCRYPTED_MARKERS.some((marker) => buffer.includes(marker)) ? "encrypted-ooxml" : "ole";
  }
  return "other";
}
