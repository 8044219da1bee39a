/**
 * A small password form used by the set/reset and change-password screens: it checks the spec's
 * rules before sending ('Te rog să completezi toate câmpurile.', 'Parolele nu corespund') and
 * shows the server's message, or 'A apărut o eroare.', when sending fails.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { checkNewPassword } from "./checkNewPassword";
import { usePageFrame } from "../public/pageFrame";
import { errorMessage } from "./errorMessage";

export interface PasswordField {
  name: string;
  label: string;
  autoComplete: string;
}

interface Props {
  /** fields typed by the user; the last two are the new password and its confirmation */
  fields: PasswordField[];
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<void>;
  children?: ReactNode;
}

export function PasswordForm({ fields, submitLabel, onSubmit, children }: Props) {
  const { translate } = usePageFrame();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = fields.map((field) => values[field.name] ?? "");
    const problem = checkNewPassword(typed, typed[typed.length - 2], typed[typed.length - 1]);
    if (problem) {
      setError(translate(problem.key, "options" in problem ? problem.options : undefined));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(values);
    } catch (failure) {
      setError(errorMessage(failure, translate("app.genericError")));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        {children}
        {fields.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            type="password"
            label={translate(field.label)}
            autoComplete={field.autoComplete}
            value={values[field.name] ?? ""}
            onChange={(event) => setValues((old) => ({ ...old, [field.name]: event.target.value }))}
            fullWidth
          />
        ))}
        {error && <Alert severity="error">{error}</Alert>}
        <Button type="submit" variant="contained" disabled={pending}>
          {translate(submitLabel)}
        </Button>
      </Stack>
    </form>
  );
}
