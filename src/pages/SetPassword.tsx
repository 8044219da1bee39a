/**
 * /dmz/set-password and /dmz/reset-password (spec section 2): query parameters email and token;
 * the email is read-only and the token hidden. Any other /dmz path is refused, and so is a link
 * missing either parameter. The link is checked when the page opens (without being used up): a
 * used or expired one says so at once, with the ways on (a new link from 'Recuperare parolă', or
 * signing in); when the check cannot be made, the form shows and the server decides on saving.
 * Success goes to the sign-in form, the e-mail filled in, with the server's message.
 */
import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { MessageResponse, PasswordTokenCheckResponse } from "../../contract/api";
import { DMZ_PATHS, RESET_PASSWORD_PAGE, SET_PASSWORD_PAGE } from "../../contract/paths";
import { PasswordForm } from "../common/PasswordForm";
import { LOGIN_PAGE_PATH } from "../providers/nextPage";
import { requestJson } from "../providers/requestJson";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";
import { LOGIN_EMAIL_PARAM } from "./Login";
import { PageCard } from "./PageCard";

const FIELDS = [
  { name: "password", label: "setPassword.password", autoComplete: "new-password" },
  { name: "confirm", label: "setPassword.confirm", autoComplete: "new-password" },
];

type Kind = "set" | "reset";
type LinkState = "checking" | "usable" | "spent";

/** What the server says of the link on opening; "usable" when it cannot say (the save will). */
function useLinkState(kind: Kind | null, email: string | null, token: string | null): LinkState {
  const [state, setState] = useState<LinkState>("checking");
  useEffect(() => {
    if (!kind || !email || !token) return;
    const controller = new AbortController();
    setState("checking");
    requestJson<PasswordTokenCheckResponse>(DMZ_PATHS.passwordTokenCheck, {
      method: "POST",
      body: JSON.stringify({ email, token, kind }),
      signal: controller.signal,
    }).then(
      ({ json }) => setState(json?.valid === false ? "spent" : "usable"),
      () => controller.signal.aborted || setState("usable"),
    );
    return () => controller.abort();
  }, [kind, email, token]);
  return state;
}

/** The sign-in form with the e-mail filled in. */
const signInWith = (email: string) => `${LOGIN_PAGE_PATH}?${new URLSearchParams({ [LOGIN_EMAIL_PARAM]: email })}`;

export default function SetPassword() {
  const { translate, notify, navigate, location } = usePageFrame();
  const { pathname } = location;
  const params = new URLSearchParams(location.search);
  const email = params.get("email");
  const token = params.get("token");
  const mode: Kind | null = pathname === SET_PASSWORD_PAGE ? "set" : pathname === RESET_PASSWORD_PAGE ? "reset" : null;
  const link = useLinkState(mode, email, token);

  if (!mode) return <Alert severity="error" sx={{ m: 2 }}>{translate("setPassword.invalidPath")}</Alert>;
  if (!email || !token) return <Alert severity="error" sx={{ m: 2 }}>{translate("setPassword.missingParams")}</Alert>;

  const send = async (values: Record<string, string>) => {
    const { json } = await requestJson<MessageResponse>(mode === "set" ? DMZ_PATHS.set : DMZ_PATHS.reset, {
      method: "POST",
      body: JSON.stringify({ email, token, newPassword: values.password }),
    });
    notify(json?.message ?? translate("setPassword.submit"), "success");
    navigate(signInWith(email));
  };

  const title = translate(mode === "set" ? "setPassword.setTitle" : "setPassword.resetTitle");
  if (link === "checking") {
    return (
      <PageCard title={title}>
        <Typography color="text.secondary" role="status">
          {translate("setPassword.checking")}
        </Typography>
      </PageCard>
    );
  }
  if (link === "spent") {
    return (
      <PageCard title={title}>
        <Alert severity="warning" data-testid="password-link-spent">
          {translate("setPassword.spent")} {translate("setPassword.spentNext")}
        </Alert>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 2 }}>
          <Button variant="contained" component={FrameLink} to="/recuperare-parola">
            {translate("setPassword.newLink")}
          </Button>
          <Button variant="outlined" component={FrameLink} to={signInWith(email)}>
            {translate("setPassword.signIn")}
          </Button>
        </Stack>
      </PageCard>
    );
  }
  return (
    <PageCard title={title}>
      <PasswordForm fields={FIELDS} submitLabel="setPassword.submit" onSubmit={send}>
        <TextField label={translate("setPassword.email")} value={email} slotProps={{ input: { readOnly: true } }} fullWidth />
        <input type="hidden" name="token" value={token} />
      </PasswordForm>
    </PageCard>
  );
}
