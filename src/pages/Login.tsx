/**
 * /login: card 'Autentificare' (spec section 2). The e-mail is sent as `username`; a successful
 * sign-in stores the session and lands on /profile, in the admin app, whose code is fetched while
 * the form is being filled in. (Signed in, /login is the profile: the admin app's route.)
 */
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { errorMessage } from "../common/errorMessage";
import { AFTER_SIGN_IN_PAGE, signIn } from "../providers/signIn";
import { prefetchAdminApp } from "../public/adminApp";
import { FormTextField } from "../public/FormTextField";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";
import { PasswordTextField } from "../public/PasswordTextField";
import { required, useCheckedForm } from "../public/useCheckedForm";
import { PageCard } from "./PageCard";

const mustHaveValue = required("login.required");

export default function Login() {
  const { translate, notify, navigate } = usePageFrame();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const form = useCheckedForm(
    { username: [mustHaveValue], password: [mustHaveValue] },
    {
      onInvalid: () => notify("ra.message.invalid_form", "error"),
      onSubmit: async ({ username, password }) => {
        setError(null);
        setPending(true);
        try {
          await signIn({ username: username.trim(), password });
          navigate(AFTER_SIGN_IN_PAGE);
        } catch (failure) {
          setError(translate("login.error", { message: errorMessage(failure, translate("app.genericError")) }));
          setPending(false);
        }
      },
    },
  );

  return (
    <PageCard title={translate("login.title")}>
      {/* The first keystroke starts fetching the admin app, so it is here when the password is. */}
      <form onSubmit={form.submit} onInput={prefetchAdminApp} noValidate>
        <Stack spacing={1}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormTextField field={form.field("username")} type="email" label="login.email" autoComplete="username" autoFocus />
          <PasswordTextField field={form.field("password")} label="login.password" autoComplete="current-password" />
          <Button type="submit" variant="contained" disabled={pending}>
            {translate("login.submit")}
          </Button>
          <Link component={FrameLink} to="/recuperare-parola" variant="body2" sx={{ alignSelf: "center", pt: 1 }}>
            {translate("login.recover")}
          </Link>
        </Stack>
      </form>
    </PageCard>
  );
}
