/**
 * 'Șablon reamintire': the tenant's reminder subject and text, with the fields each is filled
 * with explained, and the fewest days between two reminders of one invoice. A wrong entry (an
 * unknown {field}, a subject of two lines, an interval out of bounds) is refused at its field
 * before anything is sent; the server's refusal, field by field, shows there too.
 */
import { useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import TuneIcon from "@mui/icons-material/Tune";
import type { ReminderSettings } from "../../contract/api";
import { REMINDER_INTERVAL_DAYS, REMINDER_PLACEHOLDERS, unknownReminderPlaceholders } from "../../contract/reminders";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";

type Field = keyof ReminderSettings;
type Errors = Partial<Record<Field, string>>;
interface Typed {
  subject: string;
  body: string;
  intervalDays: string;
}

export function checkReminderForm(form: Typed, translate: (key: string, options?: object) => string): Errors {
  const errors: Errors = {};
  const unknown = (text: string) => {
    const names = unknownReminderPlaceholders(text);
    return names.length > 0 ? translate("reminders.settings.unknownPlaceholders", { names: names.map((name) => `{${name}}`).join(", ") }) : undefined;
  };
  if (!form.subject.trim()) errors.subject = translate("reminders.settings.required");
  else if (/[\r\n]/.test(form.subject)) errors.subject = translate("reminders.settings.oneLine");
  else if (unknown(form.subject)) errors.subject = unknown(form.subject);
  if (!form.body.trim()) errors.body = translate("reminders.settings.required");
  else if (unknown(form.body)) errors.body = unknown(form.body);
  const days = Number(form.intervalDays);
  const { min, max } = REMINDER_INTERVAL_DAYS;
  if (!/^\d+$/.test(form.intervalDays.trim()) || days < min || days > max) errors.intervalDays = translate("reminders.settings.intervalInvalid", { min, max });
  return errors;
}

function SettingsForm({ saved, onClose }: { saved: ReminderSettings; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Typed>({ ...saved, intervalDays: String(saved.intervalDays) });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const field = (name: Field) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value }),
    error: !!errors[name],
    label: translate(`reminders.settings.${name}`),
    fullWidth: true,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkReminderForm(form, translate);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const settings = await dataProvider.saveReminderSettings({ subject: form.subject, body: form.body, intervalDays: Number(form.intervalDays) });
      queryClient.setQueryData(["reminders", "settings"], settings);
      notify("reminders.settings.saved", { type: "success" });
      onClose();
    } catch (error) {
      const fieldErrors = (error as { body?: { errors?: Errors } }).body?.errors;
      if (fieldErrors) setErrors(fieldErrors);
      setFailure(translate("reminders.settings.saveError", { message: errorMessage(error, "") }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField {...field("subject")} required helperText={errors.subject} />
          <TextField {...field("body")} required multiline minRows={6} helperText={errors.body} />
          <TextField
            {...field("intervalDays")}
            required
            inputMode="numeric"
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
            helperText={errors.intervalDays ?? translate("reminders.settings.intervalHint")}
          />
          <Box component="section" aria-labelledby="reminder-placeholders-title">
            <Typography id="reminder-placeholders-title" variant="subtitle2" component="h3">
              {translate("reminders.settings.placeholdersTitle")}
            </Typography>
            <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5 }}>
              {REMINDER_PLACEHOLDERS.map((name) => (
                <Box key={name} sx={{ display: "contents" }}>
                  <Typography component="dt" variant="body2" sx={{ fontFamily: "monospace" }}>{`{${name}}`}</Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {translate(`reminders.settings.placeholders.${name}`)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("reminders.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {translate(saving ? "reminders.settings.saving" : "reminders.settings.save")}
        </Button>
      </DialogActions>
    </form>
  );
}

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const settings = useQuery({ queryKey: ["reminders", "settings"], queryFn: ({ signal }) => dataProvider.reminderSettings(signal), retry: false });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reminder-settings-title">
      <DialogTitle id="reminder-settings-title">{translate("reminders.settings.title")}</DialogTitle>
      {settings.data ? (
        <SettingsForm saved={settings.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {settings.error ? (
            <Alert severity="error">{translate("reminders.settings.loadError", { message: errorMessage(settings.error, "") })}</Alert>
          ) : (
            <CircularProgress size={24} />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

export function ReminderSettingsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<TuneIcon />} onClick={() => setOpen(true)}>
        {translate("reminders.settings.button")}
      </Button>
      {open && <SettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
