/**
 * /login: card 'Autentificare' (spec section 2). The e-mail is sent as `username`; a successful
 * sign-in stores the session and goes, in the admin app (whose code is fetched while the form is
 * being filled in), to the page the form was asked to return to (`?next=`, a page of this site
 * only), else to the signed-in home. `?email=` fills the e-mail in (after a password was set by
 * link), and the cursor then waits in the password. (Signed in, /login goes on at once: the admin
 * app's route.)
 */
import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { errorMessage } from "../common/errorMessage";
import { nextPageOf } from "../providers/nextPage";
import { AFTER_SIGN_IN_PAGE, signIn } from "../providers/signIn";
import { prefetchAdminApp } from "../public/adminApp";
import { FormTextField } from "../public/FormTextField";
import { FrameLink } from "../public/FrameLink";
import { usePageFrame } from "../public/pageFrame";
import { PasswordTextField } from "../public/PasswordTextField";
import { required, useCheckedForm } from "../public/useCheckedForm";
import { PageCard } from "./PageCard";

const mustHaveValue = required("login.required");

/** The query parameter that fills the e-mail in. */
export const LOGIN_EMAIL_PARAM = "email";

export default function Login() {
  const { translate, notify, navigate, location } = usePageFrame();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [knownEmail] = useState(() => new URLSearchParams(location.search).get(LOGIN_EMAIL_PARAM)?.trim() ?? "");

  const form = useCheckedForm(
    { username: [mustHaveValue], password: [mustHaveValue] },
    {
      initialValues: { username: knownEmail },
      onInvalid: () => notify("ra.message.invalid_form", "error"),
      onSubmit: async ({ username, password }) => {
        setError(null);
        setPending(true);
        try {
          await signIn({ username: username.trim(), password });
          // In place of the form: Back then leaves the page, rather than return to a form that sends on again.
          navigate(nextPageOf(location.search) ?? AFTER_SIGN_IN_PAGE, { replace: true });
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
          <FormTextField field={form.field("username")} type="email" label="login.email" autoComplete="username" autoFocus={!knownEmail} />
          <PasswordTextField field={form.field("password")} label="login.password" autoComplete="current-password" autoFocus={!!knownEmail} />
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
