/**
 * descarcare's ZIP of a message: exactly two files, `<id>.xml` (the UBL, or ANAF's error file for
 * ERORI FACTURA) and `semnatura_<id>.xml` (the signature over it).
 */
import JSZip from "jszip";
import type { SpvMessage } from "./messages";
import { errorFileXml, signatureXml, ublXml } from "./ubl";

export async function messageZip(message: SpvMessage, signingKey: string): Promise<Buffer> {
  const fileName = `${message.id}.xml`;
  const content = message.document ? ublXml(message.document) : errorFileXml(message);
  const zip = new JSZip();
  zip.file(fileName, content);
  zip.file(`semnatura_${message.id}.xml`, signatureXml(content, fileName, signingKey));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
