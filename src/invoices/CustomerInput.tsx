/**
 * The invoice form's client as a react-admin input: the client picker (CustomerPicker) on the
 * form's `client` (id and name, so the field shows the name without reading the customer again),
 * keeping `clientId`, which the server takes, beside it. Its check, when it has one, is said under
 * the field.
 */
import { useInput, useTranslate, ValidationError, type Validator } from "react-admin";
import { useFormContext } from "react-hook-form";
import { type ClientOption, CustomerPicker } from "./CustomerPicker";

const asIs = <T,>(value: T) => value;

export function CustomerInput({ label, disabled, validate }: { label: string; disabled?: boolean; validate?: Validator }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput<ClientOption | null>({ source: "client", validate, format: asIs, parse: asIs });
  const message = fieldState.error?.message;
  return (
    <CustomerPicker
      label={translate(label)}
      value={field.value ?? null}
      disabled={disabled}
      error={message ? <ValidationError error={message} /> : undefined}
      onChange={(client) => {
        setValue("clientId", client?.id ?? null);
        field.onChange(client);
      }}
    />
  );
}
