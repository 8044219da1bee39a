/**
 * Shows a set/reset-password link to hand to the user (the spec shows it in an alert): selectable
 * text and a Copy button, since the admin passes it on by another channel.
 */
import { useNotify, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";

export interface PasswordLink {
  email: string;
  url: string;
  /** the user was just created */
  isNewUser?: boolean;
}

export function PasswordLinkDialog({ link, onClose }: { link: PasswordLink; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard?.writeText(link.url);
    notify(translate("resources.users.copied"), { type: "info" });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="password-link-title">
      <DialogTitle id="password-link-title">{translate("resources.users.linkTitle")}</DialogTitle>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate(link.isNewUser ? "resources.users.newUserLinkIntro" : "resources.users.linkIntro", { email: link.email })}
        </Alert>
        <TextField
          value={link.url}
          label={translate("resources.users.linkTitle")}
          fullWidth
          multiline
          slotProps={{ input: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate("resources.users.copy")}
        </Button>
        <Button onClick={onClose} variant="contained">
          {translate("resources.users.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
