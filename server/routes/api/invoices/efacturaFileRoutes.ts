/**
 * An invoice's signed e-Factura, once SPV validated it and the ZIP was archived:
 *
 *   GET /{id}/efactura/zip   the ZIP ANAF gave (invoice + signature), `efactura-<series><number>.zip`
 *   GET /{id}/efactura/pdf   ANAF's PDF of it (`transformare`), `efactura-<series><number>.pdf`
 *
 * The archive is the message the invoice links to (invoices.efacturaMessageId), or else the
 * newest archived message matched to it. 404 in Romanian when none is archived; another
 * tenant's invoice is unknown (404). Reads, so not in the audit log.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../../errors";
import { archivedZip, downloadName, sendPdf, sendZip } from "../../../efactura/archiveDownload";
import type { StoredArchive } from "../../../efactura/archive";
import type { KindOptions } from "./documentKinds";
import { invoiceIdParams } from "./schemas";

async function invoiceArchive(app: FastifyInstance, tenantId: number, invoiceId: number, notFound: string) {
  const invoice = await app.db
    .selectFrom("invoices")
    .select(["id", "sentSeries", "sentNumber", "efacturaMessageId"])
    .where("tenantId", "=", tenantId)
    .where("id", "=", invoiceId)
    .where("documentType", "=", "invoice")
    .executeTakeFirst();
  if (!invoice) throw new HttpError(404, notFound);
  const columns = ["archive", "archivePath"] as const;
  let stored: StoredArchive | undefined;
  if (invoice.efacturaMessageId !== null) {
    stored = await app.db
      .selectFrom("efactura_messages")
      .select(columns)
      .where("tenantId", "=", tenantId)
      .where("id", "=", invoice.efacturaMessageId)
      .executeTakeFirst();
  }
  if (!stored?.archive && !stored?.archivePath) {
    stored = await app.db
      .selectFrom("efactura_messages")
      .select(columns)
      .where("tenantId", "=", tenantId)
      .where("invoiceId", "=", invoice.id)
      .where((eb) => eb.or([eb("archive", "is not", null), eb("archivePath", "is not", null)]))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
  }
  const name = `${invoice.sentSeries ?? ""}${invoice.sentNumber ?? ""}`;
  return { zip: await archivedZip(app, stored), name, id: invoice.id };
}

export const invoiceEfacturaFileRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.get("/:id/efactura/zip", { schema: { params: invoiceIdParams } }, async (request, reply) => {
    const { zip, name, id } = await invoiceArchive(app, request.tenantId, request.params.id, kind.words.notFound);
    return sendZip(reply, zip, downloadName(name, "zip", String(id)));
  });

  app.get("/:id/efactura/pdf", { schema: { params: invoiceIdParams } }, async (request, reply) => {
    const { zip, name, id } = await invoiceArchive(app, request.tenantId, request.params.id, kind.words.notFound);
    return sendPdf(app, reply, zip, downloadName(name, "pdf", String(id)));
  });
};
