/**
 * The receipt's series: a select of the company's receipt series as SmartBill has them (GET
 * /series?type=c through the API), the first chosen when there is one. When SmartBill cannot be
 * asked, or the company has none, it says so under the field: a receipt needs a series of its
 * SmartBill account.
 */
import { useEffect } from "react";
import { SelectInput, required, useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";

export function ReceiptSeriesInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { getValues, setValue } = useFormContext();
  const series = useQuery({ queryKey: ["receipts", "series"], queryFn: ({ signal }) => dataProvider.receiptSeries(signal) });
  const names = series.data?.series.map((s) => s.name) ?? [];
  const first = names[0];
  useEffect(() => {
    if (first && !getValues("seriesName")) setValue("seriesName", first);
  }, [first, getValues, setValue]);
  const helperText = series.error
    ? translate("resources.receipts.seriesUnavailable", { message: errorMessage(series.error, "") })
    : series.data && names.length === 0
      ? translate("resources.receipts.noSeries")
      : undefined;
  return (
    <SelectInput
      source="seriesName"
      choices={names.map((name) => ({ id: name, name }))}
      validate={required("resources.receipts.seriesRequired")}
      isPending={series.isPending}
      helperText={helperText}
    />
  );
}
