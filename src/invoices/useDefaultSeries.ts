/**
 * The invoice form's series to start with: the spec's default (SBL) when SmartBill has it,
 * otherwise SmartBill's first series, so a new invoice does not start on a series the account
 * lacks. Only a series still at the default is changed: one the clerk chose stays. Used inside
 * the form (the import's and the new invoice's alike).
 */
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import type { InvoiceFormValues } from "./InvoiceFormFields";
import { useInvoiceSeries } from "./SeriesInput";

export function useDefaultSeries(): void {
  const { getValues, setValue } = useFormContext<InvoiceFormValues>();
  const series = useInvoiceSeries();
  useEffect(() => {
    const names = series?.fromProvider ? series.series.map(({ name }) => name) : [];
    if (names.length === 0 || names.includes(INVOICE_DEFAULTS.seriesName)) return;
    if (getValues("seriesName") === INVOICE_DEFAULTS.seriesName) setValue("seriesName", names[0]);
  }, [series, getValues, setValue]);
}
