/**
 * A text field of a public form, drawn as react-admin's <TextInput> draws one: the label with an
 * asterisk when required, the first problem under it in red, and a reserved line when there is
 * none, so the form does not jump when a message appears.
 */
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { CheckedField } from "./useCheckedForm";
import { usePageFrame } from "./pageFrame";

/** The zero-width space react-admin puts in an empty helper line to keep its height. */
const EMPTY_HELPER = "\u200b";

export type FormTextFieldProps = Omit<TextFieldProps, "name" | "value" | "onChange" | "error" | "label" | "inputRef"> & {
  field: CheckedField;
  /** A message key. */
  label: string;
};

export function FormTextField({ field, label, ...rest }: FormTextFieldProps) {
  const { translate } = usePageFrame();
  return (
    <TextField
      id={field.name}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      inputRef={field.inputRef}
      error={!!field.error}
      helperText={field.error ? translate(field.error, { _: field.error }) : EMPTY_HELPER}
      label={
        <span>
          {translate(label)}
          {field.isRequired && <span aria-hidden="true">{"\u2009*"}</span>}
        </span>
      }
      {...rest}
    />
  );
}
