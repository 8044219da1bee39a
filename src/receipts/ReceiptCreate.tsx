/**
 * 'Chitanță nouă': a receipt for an amount received in cash (Chitanta), or a fiscal receipt (Bon,
 * in lei, with its lines), issued in SmartBill. The form's request id is made once when it opens,
 * so a double click or a retry after a lost answer issues one receipt. Once issued, the receipt's
 * page opens.
 */
import { useMemo } from "react";
import {
  ArrayInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from "react-admin";
import type { ReceiptBody } from "../../contract/api";
import { ResourceCreate } from "../common/ResourceCreate";
import { CustomerInput } from "../invoices/CustomerInput";
import { formatMoney, newRequestId, today } from "../invoices/invoiceText";
import { ReceiptSeriesInput } from "./ReceiptSeriesInput";
import { typedAmount } from "./receiptText";

interface ReceiptFormValues {
  kind: "Chitanta" | "Bon";
  clientId: number | null;
  amount: string | number | null;
  currency: string;
  date: string;
  text: string;
  seriesName: string;
  lines?: { name: string; quantity: number; price: number; taxName: string; taxPercentage: number }[];
}

/** The amount as the server takes it: a positive number with at most two decimals. */
export const checkAmount = (value: unknown) => {
  const amount = typedAmount(value);
  return amount === undefined || amount <= 0 ? "resources.receipts.amountInvalid" : undefined;
};

export function receiptPayload(values: ReceiptFormValues, requestId: string): ReceiptBody {
  const common = { requestId, kind: values.kind, clientId: values.clientId ?? 0, date: values.date, text: values.text ?? "" };
  if (values.kind === "Bon") return { ...common, currency: "RON", lines: values.lines ?? [] };
  return { ...common, amount: typedAmount(values.amount) ?? 0, currency: values.currency, seriesName: values.seriesName };
}

export function ReceiptCreate() {
  const translate = useTranslate();
  const requestId = useMemo(newRequestId, []);
  const defaults: ReceiptFormValues = { kind: "Chitanta", clientId: null, amount: "", currency: "RON", date: today(), text: "", seriesName: "" };
  return (
    <ResourceCreate
      resource="receipts"
      defaultValues={defaults as unknown as Record<string, unknown>}
      transform={(values: ReceiptFormValues) => receiptPayload(values, requestId)}
      redirect="show"
    >
      <SelectInput
        source="kind"
        choices={[
          { id: "Chitanta", name: "resources.receipts.kinds.Chitanta" },
          { id: "Bon", name: "resources.receipts.kinds.Bon" },
        ]}
        validate={required()}
      />
      <CustomerInput label="resources.receipts.fields.clientId" validate={required("resources.receipts.clientRequired")} />
      <DateInput source="date" validate={required("resources.receipts.dateRequired")} />
      <FormDataConsumer<ReceiptFormValues>>
        {({ formData }) =>
          formData.kind === "Bon" ? (
            <>
              <ArrayInput source="lines" validate={required()}>
                <SimpleFormIterator inline>
                  <TextInput source="name" label="resources.receipts.line.name" validate={required()} />
                  <NumberInput source="quantity" label="resources.receipts.line.quantity" defaultValue={1} validate={required()} />
                  <NumberInput source="price" label="resources.receipts.line.price" validate={required()} />
                  <TextInput source="taxName" label="resources.receipts.line.taxName" defaultValue="Normala" validate={required()} />
                  <NumberInput source="taxPercentage" label="%" defaultValue={21} validate={required()} />
                </SimpleFormIterator>
              </ArrayInput>
              <p>
                {translate("resources.receipts.fiscalTotal", {
                  amount: formatMoney((formData.lines ?? []).reduce((total, line) => total + (line?.quantity ?? 0) * (line?.price ?? 0), 0), "RON"),
                })}{" "}
                · {translate("resources.receipts.fiscalInLei")}
              </p>
            </>
          ) : (
            <>
              <TextInput source="amount" validate={[required("resources.receipts.amountInvalid"), checkAmount]} />
              <SelectInput
                source="currency"
                choices={["RON", "EUR", "USD"].map((code) => ({ id: code, name: code }))}
                validate={required()}
              />
              <ReceiptSeriesInput />
            </>
          )
        }
      </FormDataConsumer>
      <TextInput source="text" multiline fullWidth />
    </ResourceCreate>
  );
}
