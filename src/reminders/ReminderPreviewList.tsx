/**
 * The reminders as they would go, one per selected invoice: its number and customer, to whom,
 * the subject and the text; an invoice that gets none is marked, with why.
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReminderPreview } from "../../contract/api";

function PreviewEntry({ reminder }: { reminder: ReminderPreview }) {
  const translate = useTranslate();
  const name = [reminder.number || `#${reminder.invoiceId}`, reminder.clientName].filter(Boolean).join(" · ");
  return (
    <Box component="li" data-testid="reminder-preview" data-refused={reminder.refusal ? "true" : "false"} sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}>
      <Typography variant="subtitle2" component="p">
        {name}
      </Typography>
      {reminder.refusal ? (
        <Alert severity="warning" sx={{ mt: 0.5 }}>
          {translate("reminders.refused", { reason: reminder.refusal })}
        </Alert>
      ) : (
        <Stack spacing={0.5} sx={{ mt: 0.5 }}>
          <Typography variant="body2">{translate("reminders.to", { to: reminder.to.replaceAll(",", ", ") })}</Typography>
          <Typography variant="body2">{translate("reminders.subject", { subject: reminder.subject })}</Typography>
          <Typography variant="body2" component="pre" sx={{ whiteSpace: "pre-wrap", fontFamily: "inherit", m: 0, p: 1, bgcolor: "action.hover", borderRadius: 1 }}>
            {reminder.body}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

export function ReminderPreviewList({ reminders }: { reminders: ReminderPreview[] }) {
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {reminders.map((reminder) => (
        <PreviewEntry key={reminder.invoiceId} reminder={reminder} />
      ))}
    </Box>
  );
}
