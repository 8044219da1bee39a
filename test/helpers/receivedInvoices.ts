/**
 * SPV messages as the sync leaves them, written straight into efactura_messages: a UBL invoice
 * zipped with its signature as ANAF's `descarcare` gives it (`<id>.xml` + `semnatura_<id>.xml`),
 * kept by archive.ts in the database or the archive folder.
 */
import JSZip from "jszip";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/database";
import { keepArchive } from "../../server/efactura/archive";
import { timestamp } from "../../server/db/timestamps";

export interface UblParts {
  number: string;
  issueDate: string;
  dueDate?: string | null;
  supplierName: string;
  supplierCif: string;
  total: number;
  currency: string;
  /** A storno's credit note (381) instead of an invoice. */
  creditNote?: boolean;
  /** false: no invoice line, which ANAF's checks refuse ([BR-16]). */
  withLine?: boolean;
}

/** A small but well-formed UBL 2.1 invoice (RO_CIUS), enough for ANAF's transformare to read. */
export function ublInvoice(parts: UblParts): string {
  const root = parts.creditNote ? "CreditNote" : "Invoice";
  const amount = parts.total.toFixed(2);
  const line = parts.creditNote ? "CreditNoteLine" : "InvoiceLine";
  const quantity = parts.creditNote ? "CreditedQuantity" : "InvoicedQuantity";
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>${parts.number}</cbc:ID>
  <cbc:IssueDate>${parts.issueDate}</cbc:IssueDate>
  ${parts.dueDate && !parts.creditNote ? `<cbc:DueDate>${parts.dueDate}</cbc:DueDate>` : ""}
  <cbc:${parts.creditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode"}>${parts.creditNote ? 381 : 380}</cbc:${parts.creditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode"}>
  <cbc:DocumentCurrencyCode>${parts.currency}</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyTaxScheme><cbc:CompanyID>${parts.supplierCif}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>${parts.supplierName}</cbc:RegistrationName><cbc:CompanyID>${parts.supplierCif}</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PartyLegalEntity><cbc:RegistrationName>Demo SRL</cbc:RegistrationName><cbc:CompanyID>RO12345678</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="${parts.currency}">${amount}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${parts.currency}">${amount}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${parts.currency}">${amount}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  ${
    parts.withLine === false
      ? ""
      : `<cac:${line}><cbc:ID>1</cbc:ID><cbc:${quantity} unitCode="H87">1</cbc:${quantity}>
    <cbc:LineExtensionAmount currencyID="${parts.currency}">${amount}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Marfă conform contract</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${parts.currency}">${amount}</cbc:PriceAmount></cac:Price></cac:${line}>`
  }
</${root}>
`;
}

/** The ZIP `descarcare` answers for message `messageId`. */
export async function spvZip(messageId: string, xml: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(`${messageId}.xml`, xml);
  zip.file(`semnatura_${messageId}.xml`, `<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignatureValue>${messageId}</SignatureValue></Signature>`);
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

export interface SpvMessageRow extends Partial<UblParts> {
  tenantId: number;
  messageId: string;
  type: "FACTURA PRIMITA" | "FACTURA TRIMISA" | "ERORI FACTURA";
  cif?: string;
  /** When SPV received it (ISO). */
  createdAt: string;
  /** Its ZIP, kept as archive.ts keeps it (`archiveDir` set: as a file); none: not archived. */
  zip?: Buffer;
  archiveDir?: string;
  invoiceId?: number | null;
}

/** Writes the message's row; answers its id. */
export async function addSpvMessage(db: Kysely<Database>, row: SpvMessageRow): Promise<number> {
  const stored = row.zip ? await keepArchive(row.archiveDir, row.tenantId, row.messageId, row.zip) : { archive: null, archivePath: null };
  const { id } = await db
    .insertInto("efactura_messages")
    .values({
      tenantId: row.tenantId,
      messageId: row.messageId,
      type: row.type,
      uploadId: null,
      cif: row.cif ?? "12345678",
      details: `Factura cu id_incarcare=${row.messageId} emisa de cif_emitent=${row.supplierCif ?? ""} pentru cif_beneficiar=12345678`,
      createdAt: row.createdAt,
      readAt: timestamp(),
      number: row.number ?? null,
      issueDate: row.issueDate ?? null,
      dueDate: row.dueDate ?? null,
      supplierName: row.supplierName ?? null,
      supplierCif: row.supplierCif ?? null,
      buyerName: null,
      buyerCif: null,
      total: row.total ?? null,
      currency: row.currency ?? null,
      errorText: null,
      invoiceId: row.invoiceId ?? null,
      archive: stored.archive,
      archivePath: stored.archivePath,
      archivedAt: row.zip ? timestamp() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A supplier invoice from SPV, archived unless `archived: false`. */
export async function addReceivedInvoice(
  db: Kysely<Database>,
  options: UblParts & { tenantId: number; messageId: string; createdAt: string; archiveDir?: string; archived?: boolean },
): Promise<{ id: number; zip: Buffer }> {
  const zip = await spvZip(options.messageId, ublInvoice(options));
  const id = await addSpvMessage(db, { ...options, type: "FACTURA PRIMITA", zip: options.archived === false ? undefined : zip });
  return { id, zip };
}
