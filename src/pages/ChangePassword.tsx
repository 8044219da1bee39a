/** /schimbare-parola: the signed-in user changes the password (POST /api/user/change-password). */
import { useNavigate } from "react-router-dom";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { PasswordForm } from "../common/PasswordForm";
import { RequireAccess } from "../common/RequireAccess";
import type { AppDataProvider } from "../providers/customMethods";
import { PageCard } from "./PageCard";

const FIELDS = [
  { name: "currentPassword", label: "changePassword.current", autoComplete: "current-password" },
  { name: "newPassword", label: "changePassword.new", autoComplete: "new-password" },
  { name: "confirm", label: "changePassword.confirm", autoComplete: "new-password" },
];

export default function ChangePassword() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();

  const send = async (values: Record<string, string>) => {
    const json = await dataProvider.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    notify(json?.message ?? translate("changePassword.title"), { type: "success" });
    navigate("/profile");
  };

  return (
    <RequireAccess>
      <PageCard title={translate("changePassword.title")}>
        <PasswordForm fields={FIELDS} submitLabel="changePassword.submit" onSubmit={send} />
      </PageCard>
    </RequireAccess>
  );
}
