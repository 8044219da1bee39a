/**
 * An invoice's signed e-Factura, once SPV validated it and its ZIP is archived: the PDF ANAF
 * makes of it and the signed ZIP (GET /api/smartbill/invoice/{id}/efactura/pdf|zip), named
 * `efactura-<series><number>`.
 */
import { apiPathOf } from "../../contract/paths";
import { EfacturaFileButtons, efacturaFileName } from "../common/EfacturaFileButtons";

export function EfacturaDownloads({ invoice }: { invoice: { id: number; sentSeries: string | null; sentNumber: string | null } }) {
  const number = `${invoice.sentSeries ?? ""}${invoice.sentNumber ?? ""}`;
  return (
    <EfacturaFileButtons base={`${apiPathOf("invoices")}/${invoice.id}/efactura`} fileName={(extension) => efacturaFileName(number, invoice.id, extension)} />
  );
}
