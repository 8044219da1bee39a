/**
 * /recuperare-parola: asks for a reset link (POST /dmz-api/recover). The server answers the same
 * whether or not the address exists, and so does this screen.
 */
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { MessageResponse } from "../../contract/api";
import { DMZ_PATHS } from "../../contract/paths";
import { errorMessage } from "../common/errorMessage";
import { requestJson } from "../providers/requestJson";
import { FormTextField } from "../public/FormTextField";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";
import { emailFormat, required, useCheckedForm } from "../public/useCheckedForm";
import { PageCard } from "./PageCard";

export default function RecoverPassword() {
  const { translate, notify } = usePageFrame();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const form = useCheckedForm(
    { email: [required("login.required"), emailFormat()] },
    {
      onInvalid: () => notify("ra.message.invalid_form", "error"),
      onSubmit: async ({ email }) => {
        try {
          const { json } = await requestJson<MessageResponse>(DMZ_PATHS.recover, {
            method: "POST",
            body: JSON.stringify({ email: email.trim() }),
          });
          setAnswer({ ok: true, text: json.message });
        } catch (failure) {
          setAnswer({ ok: false, text: errorMessage(failure, translate("app.genericError")) });
        }
      },
    },
  );

  return (
    <PageCard title={translate("recover.title")}>
      {answer?.ok ? (
        <Alert severity="success">{answer.text}</Alert>
      ) : (
        <form onSubmit={form.submit} noValidate>
          <Stack spacing={1}>
            <Typography color="text.secondary">{translate("recover.intro")}</Typography>
            {answer && <Alert severity="error">{answer.text}</Alert>}
            <FormTextField field={form.field("email")} type="email" label="recover.email" />
            <Button type="submit" variant="contained">
              {translate("recover.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Link component={FrameLink} to="/login" variant="body2" sx={{ display: "block", textAlign: "center", mt: 2 }}>
        {translate("recover.backToLogin")}
      </Link>
    </PageCard>
  );
}
