/**
 * A select of codes SmartBill accepts (currencies, languages), each shown with its name when it
 * has one. A stored value outside the list stays a choice, so opening an invoice never changes it.
 * A react-admin input on the form's `source` (the label a translation key); no empty choice.
 */
import { useInput, useTranslate } from "react-admin";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

const asIs = (value: string) => value;

export function CodeSelect({
  source,
  label,
  codes,
  name = asIs,
  disabled,
}: {
  source: string;
  label: string;
  codes: readonly string[];
  name?: (code: string) => string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { field } = useInput<string>({ source, parse: asIs });
  const { value, onChange } = field;
  const choices = value && !codes.includes(value) ? [...codes, value] : codes;
  return (
    <TextField select label={translate(label)} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} variant="outlined" size="small" fullWidth>
      {choices.map((code) => (
        <MenuItem key={code} value={code}>
          {name(code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
