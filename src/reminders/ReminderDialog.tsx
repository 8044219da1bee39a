/**
 * 'Trimite reamintire': the preview of each selected invoice's reminder first (the refused ones
 * marked with why), then 'Trimite', then the task's progress to its end. Nothing is sent before
 * 'Trimite'; the server checks every invoice again as it sends.
 */
import { useState } from "react";
import { Link, useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { ReminderPreviewList } from "./ReminderPreviewList";
import { useReminderTask } from "./useReminderTask";

function TaskProgress({ taskId }: { taskId: number }) {
  const translate = useTranslate();
  const { data: task } = useReminderTask(taskId);
  if (!task || task.status === "queued") {
    return (
      <Stack spacing={1} data-testid="reminder-progress">
        <LinearProgress aria-label={translate("reminders.waiting")} />
        <Typography variant="body2">{translate("reminders.waiting")}</Typography>
      </Stack>
    );
  }
  if (task.status === "failed") return <Alert severity="error">{translate("reminders.failed", { message: task.errorText ?? "" })}</Alert>;
  return (
    <Stack spacing={1} data-testid="reminder-progress">
      <LinearProgress variant="determinate" value={task.progress} aria-label={`${task.progress}%`} />
      <Typography variant="body2">{translate("reminders.progress", { processed: task.processed, total: task.total })}</Typography>
      {task.status === "done" && (
        <Alert severity={task.errors > 0 ? "warning" : "success"} role="status">
          {task.message}
        </Alert>
      )}
      <Link to={`/tasks`}>{translate("reminders.taskLink")}</Link>
    </Stack>
  );
}

export function ReminderDialog({ invoiceIds, onClose }: { invoiceIds: number[]; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [taskId, setTaskId] = useState<number>();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const preview = useQuery({
    queryKey: ["reminders", "preview", invoiceIds],
    queryFn: () => dataProvider.reminderPreview(invoiceIds),
    retry: false,
    gcTime: 0,
  });
  const ready = preview.data?.reminders.filter((reminder) => reminder.refusal === null).length ?? 0;

  const send = async () => {
    setSending(true);
    setSendError(undefined);
    try {
      setTaskId((await dataProvider.sendReminders(invoiceIds)).taskId);
    } catch (error) {
      setSendError(translate("reminders.sendError", { message: errorMessage(error, "") }));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="reminder-dialog-title">
      <DialogTitle id="reminder-dialog-title">{translate("reminders.title", { smart_count: invoiceIds.length })}</DialogTitle>
      <DialogContent>
        {taskId !== undefined ? (
          <TaskProgress taskId={taskId} />
        ) : preview.error ? (
          <Alert severity="error">{translate("reminders.previewError", { message: errorMessage(preview.error, "") })}</Alert>
        ) : !preview.data ? (
          <Stack direction="row" spacing={1} alignItems="center">
            <CircularProgress size={20} />
            <Typography variant="body2">{translate("reminders.loading")}</Typography>
          </Stack>
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2">{translate("reminders.intro")}</Typography>
            <Alert severity={ready > 0 ? "info" : "warning"}>
              {ready > 0 ? translate("reminders.ready", { smart_count: ready }) : translate("reminders.noneReady")}
            </Alert>
            {sendError && <Alert severity="error">{sendError}</Alert>}
            <ReminderPreviewList reminders={preview.data.reminders} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {taskId !== undefined ? (
          <Button onClick={onClose}>{translate("reminders.close")}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{translate("reminders.cancel")}</Button>
            <Button variant="contained" onClick={send} disabled={sending || ready === 0}>
              {translate(sending ? "reminders.sending" : "reminders.confirm")}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
