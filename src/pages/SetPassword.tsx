/**
 * /dmz/set-password and /dmz/reset-password (spec section 2): query parameters email and token;
 * the email is read-only and the token hidden. Any other /dmz path is refused, and so is a link
 * missing either parameter. Success goes to /login with the server's message.
 */
import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import type { MessageResponse } from "../../contract/api";
import { DMZ_PATHS, RESET_PASSWORD_PAGE, SET_PASSWORD_PAGE } from "../../contract/paths";
import { PasswordForm } from "../common/PasswordForm";
import { requestJson } from "../providers/requestJson";
import { usePageFrame } from "../public/pageFrame";
import { PageCard } from "./PageCard";

const FIELDS = [
  { name: "password", label: "setPassword.password", autoComplete: "new-password" },
  { name: "confirm", label: "setPassword.confirm", autoComplete: "new-password" },
];

export default function SetPassword() {
  const { translate, notify, navigate, location } = usePageFrame();
  const { pathname } = location;
  const params = new URLSearchParams(location.search);
  const email = params.get("email");
  const token = params.get("token");

  const mode = pathname === SET_PASSWORD_PAGE ? "set" : pathname === RESET_PASSWORD_PAGE ? "reset" : null;
  if (!mode) return <Alert severity="error" sx={{ m: 2 }}>{translate("setPassword.invalidPath")}</Alert>;
  if (!email || !token) return <Alert severity="error" sx={{ m: 2 }}>{translate("setPassword.missingParams")}</Alert>;

  const send = async (values: Record<string, string>) => {
    const { json } = await requestJson<MessageResponse>(mode === "set" ? DMZ_PATHS.set : DMZ_PATHS.reset, {
      method: "POST",
      body: JSON.stringify({ email, token, newPassword: values.password }),
    });
    notify(json?.message ?? translate("setPassword.submit"), "success");
    navigate("/login");
  };

  return (
    <PageCard title={translate(mode === "set" ? "setPassword.setTitle" : "setPassword.resetTitle")}>
      <PasswordForm fields={FIELDS} submitLabel="setPassword.submit" onSubmit={send}>
        <TextField label={translate("setPassword.email")} value={email} slotProps={{ input: { readOnly: true } }} fullWidth />
        <input type="hidden" name="token" value={token} />
      </PasswordForm>
    </PageCard>
  );
}
