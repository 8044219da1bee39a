/**
 * A select of codes SmartBill accepts (currencies, languages), each shown with its name when it
 * has one. A stored value outside the list stays a choice, so opening an invoice never changes it.
 */
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";

export function CodeSelect({
  label,
  value,
  codes,
  name = (code) => code,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  codes: readonly string[];
  name?: (code: string) => string;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  const choices = value && !codes.includes(value) ? [...codes, value] : codes;
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled} size="small" fullWidth>
      {choices.map((code) => (
        <MenuItem key={code} value={code}>
          {name(code)}
        </MenuItem>
      ))}
    </TextField>
  );
}
