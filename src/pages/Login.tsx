/**
 * /login: card 'Autentificare' (spec section 2). Signed in, it is the profile page instead.
 * The e-mail is sent as `username`; on success the authProvider sends the browser to /profile.
 */
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useSession } from "../common/useSession";
import { errorMessage } from "../common/errorMessage";
import { PageCard } from "./PageCard";

// Signed in, /login is the profile: loaded only then, so the login screen stays small.
const Profile = lazy(() => import("./Profile"));

interface Credentials {
  username: string;
  password: string;
}

export default function Login() {
  const translate = useTranslate();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (useSession()) {
    return (
      <Suspense fallback={null}>
        <Profile />
      </Suspense>
    );
  }

  const submit = async (values: Partial<Credentials>) => {
    setError(null);
    setPending(true);
    try {
      await login({ username: values.username?.trim(), password: values.password });
    } catch (failure) {
      setError(translate("login.error", { message: errorMessage(failure, translate("password.genericError")) }));
      setPending(false);
    }
  };

  const mustHaveValue = required("login.required");
  return (
    <PageCard title={translate("login.title")}>
      <Form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextInput source="username" type="email" label="login.email" autoComplete="username" validate={mustHaveValue} autoFocus />
          <PasswordInput source="password" label="login.password" autoComplete="current-password" validate={mustHaveValue} />
          <Button type="submit" variant="contained" disabled={pending}>
            {translate("login.submit")}
          </Button>
          <Link component={RouterLink} to="/recuperare-parola" variant="body2" sx={{ alignSelf: "center", pt: 1 }}>
            {translate("login.recover")}
          </Link>
        </Stack>
      </Form>
    </PageCard>
  );
}
