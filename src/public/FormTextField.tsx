/**
 * A text field of a public form, drawn as react-admin's <TextInput> draws one: the label with an
 * asterisk when required, the first problem under it in red, and a reserved line when there is
 * none, so the form does not jump when a message appears. Made of the parts MUI's <TextField> puts
 * together for a filled field, with the same ids and classes, without TextField itself, which
 * brings the select box (and its menu) along to every page that has a form.
 */
import type { HTMLInputTypeAttribute, ReactNode } from "react";
import FilledInput from "@mui/material/FilledInput";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import type { CheckedField } from "./useCheckedForm";
import { usePageFrame } from "./pageFrame";

/** The zero-width space react-admin puts in an empty helper line to keep its height. */
const EMPTY_HELPER = "\u200b";

export interface FormTextFieldProps {
  field: CheckedField;
  /** A message key. */
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  /** Drawn at the end of the box, as a button (the password's eye). */
  endAdornment?: ReactNode;
  /** A box of several lines (a message), at least `minRows` high, growing as it is written. */
  multiline?: boolean;
  minRows?: number;
  /** The most characters the field takes (the server's own bound). */
  maxLength?: number;
}

export function FormTextField({ field, label, type, autoComplete, autoFocus, endAdornment, multiline, minRows, maxLength }: FormTextFieldProps) {
  const { translate } = usePageFrame();
  const helperId = `${field.name}-helper-text`;
  // Variant, margin, size and width come from the theme's defaults for form controls, as TextField's do.
  return (
    <FormControl className="MuiTextField-root" error={!!field.error}>
      <InputLabel htmlFor={field.name} id={`${field.name}-label`}>
        <span>
          {translate(label)}
          {field.isRequired && <span aria-hidden="true">{"\u2009*"}</span>}
        </span>
      </InputLabel>
      <FilledInput
        id={field.name}
        name={field.name}
        type={type}
        value={field.value}
        onChange={field.onChange}
        inputRef={field.inputRef}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        multiline={multiline}
        minRows={minRows}
        inputProps={maxLength ? { maxLength } : undefined}
        aria-describedby={helperId}
        fullWidth
      />
      <FormHelperText id={helperId}>{field.error ? translate(field.error, { _: field.error }) : EMPTY_HELPER}</FormHelperText>
    </FormControl>
  );
}
