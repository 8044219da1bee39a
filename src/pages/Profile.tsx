/**
 * /profile: email, tenant and roles of the signed-in user, read from the server (GET /api/me),
 * and the button to change the password; for a company administrator whose company is not set
 * up yet, its first steps ('Primii pași'), as on the home page. Signed out: the sign-in form,
 * which returns here.
 */
import { Link as RouterLink } from "react-router-dom";
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { errorMessage } from "../common/errorMessage";
import { FirstStepsChecklist } from "../firstSteps/FirstStepsChecklist";
import { useRoleText } from "../users/useRoleText";
import { useSession } from "../common/useSession";
import type { AppDataProvider } from "../providers/customMethods";
import { PageCard } from "./PageCard";
import { SignInFirst } from "./SignInFirst";

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
      <Typography sx={{ fontWeight: 600, minWidth: 80 }}>{label}:</Typography>
      {children}
    </Stack>
  );
}

export default function Profile() {
  const translate = useTranslate();
  const roleText = useRoleText();
  const current = useSession();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: me, error: failure } = useQuery({
    queryKey: ["me"],
    queryFn: ({ signal }) => dataProvider.me(signal),
    enabled: !!current,
    retry: false,
  });
  const error = failure ? errorMessage(failure, translate("app.genericError")) : null;

  if (!current) return <SignInFirst />;

  return (
    <PageCard title={translate("profile.title")} maxWidth={560}>
      <Stack spacing={1.5}>
        {error && <Alert severity="error">{error}</Alert>}
        <Line label={translate("profile.email")}>
          <Typography data-testid="profile-email">{me?.email ?? current.userName}</Typography>
        </Line>
        <Line label={translate("profile.tenant")}>
          <Typography data-testid="profile-tenant">{me?.tenant.name ?? current.tenant.name}</Typography>
        </Line>
        <Line label={translate("profile.roles")}>
          {me ? (
            me.roles.length ? (
              <Stack direction="row" spacing={1} component="ul" sx={{ p: 0, m: 0, listStyle: "none" }} data-testid="profile-roles">
                {me.roles.map((role) => (
                  <Chip component="li" key={role} label={roleText.name(role)} size="small" />
                ))}
              </Stack>
            ) : (
              <Typography color="text.secondary">{translate("profile.noRoles")}</Typography>
            )
          ) : (
            <Typography color="text.secondary">{translate("profile.rolesLoading")}</Typography>
          )}
        </Line>
        <Button variant="outlined" component={RouterLink} to="/schimbare-parola" sx={{ alignSelf: "flex-start" }}>
          {translate("profile.changePassword")}
        </Button>
      </Stack>
      <FirstStepsChecklist />
    </PageCard>
  );
}
