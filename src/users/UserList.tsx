/**
 * Users management (admin or super-admin): users grouped by company under its name and
 * description; #, Firmă, Email, dates, Roluri (by name), Acțiuni (Editează, Resetează parola,
 * Modifică rolurile, Șterge), no actions for user 1, only the roles on one's own row. An admin's
 * list holds only the admin's own company (the server scopes it). A new user, and 'Resetează
 * parola', get a single-use link to hand over.
 */
import { useState } from "react";
import {
  Button as RaButton,
  Datagrid,
  FunctionField,
  List,
  Pagination,
  TextField,
  TopToolbar,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import KeyIcon from "@mui/icons-material/Key";
import SecurityIcon from "@mui/icons-material/Security";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { User } from "../../contract/api";
import { PROTECTED_MAX_ID } from "../../contract/constants";
import type { AppDataProvider } from "../providers/customMethods";
import { ConfirmDeleteButton } from "../common/ConfirmDeleteButton";
import { errorMessage } from "../common/errorMessage";
import { ListEmpty } from "../common/ListEmpty";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { RoDateField } from "../common/RoDateField";
import { groupByTenant } from "./groupByTenant";
import { PasswordLinkDialog, type PasswordLink } from "./PasswordLinkDialog";
import { RolesDialog } from "./RolesDialog";
import { useRoleText } from "./useRoleText";
import { UserDialog } from "./UserDialog";

type Open =
  | { kind: "add" }
  | { kind: "edit"; user: User }
  | { kind: "roles"; user: User }
  | { kind: "link"; link: PasswordLink }
  | null;

interface ActionHandlers {
  onAdd: () => void;
  onEdit: (user: User) => void;
  onRoles: (user: User) => void;
  onLink: (user: User) => void;
}

// `label` is read by the Datagrid for the column header.
function UserActions({ onEdit, onRoles, onLink }: ActionHandlers & { label?: string }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  if (!user || user.id <= PROTECTED_MAX_ID) return null;
  // One's own email, password link and account are another administrator's to change (the
  // server refuses them: a stolen session must not take the account over); one's roles stay.
  // Until the identity is known every row is treated as maybe one's own: buttons appear, never vanish.
  const own = identity === undefined || String(identity.id) === String(user.id);
  return (
    <Stack direction="row" spacing={0.5} flexWrap="wrap">
      {!own && (
        <RaButton label="ra.action.edit" onClick={() => onEdit(user)}>
          <EditIcon />
        </RaButton>
      )}
      {!own && (
        <RaButton label={translate("resources.users.resetPassword")} onClick={() => onLink(user)}>
          <KeyIcon />
        </RaButton>
      )}
      <RaButton label={translate("resources.users.manageRoles")} onClick={() => onRoles(user)}>
        <SecurityIcon />
      </RaButton>
      {!own && (
        <ConfirmDeleteButton
          title={translate("resources.users.deleteTitle", { email: user.email })}
          content={translate("resources.users.deleteContent")}
          successMessage={translate("resources.users.deleted")}
        />
      )}
    </Stack>
  );
}

function UserGroups(handlers: ActionHandlers) {
  const translate = useTranslate();
  const roleText = useRoleText();
  const { data } = useListContext<User>();
  if (!data) return null;
  if (data.length === 0) {
    return <ListEmpty label={translate("resources.users.emptyAction")} icon={<AddIcon />} onClick={handlers.onAdd} />;
  }
  return (
    <>
      {groupByTenant(data).map(({ tenant, users }) => (
        <Box component="section" key={tenant.id} aria-labelledby={`tenant-${tenant.id}`} sx={{ mb: 3 }} data-testid="tenant-group">
          <Box sx={{ px: 2, pt: 2 }}>
            <Typography variant="h6" component="h2" id={`tenant-${tenant.id}`}>
              {tenant.name}
            </Typography>
            {tenant.description && <Typography color="text.secondary">{tenant.description}</Typography>}
          </Box>
          <Datagrid data={users} total={users.length} bulkActionButtons={false} rowClick={false}>
            <TextField source="id" sortable={false} />
            <TextField source="tenant.name" label="resources.users.fields.tenant" sortable={false} />
            <TextField source="email" sortable={false} />
            <RoDateField source="createdAt" sortable={false} />
            <RoDateField source="updatedAt" sortable={false} />
            <FunctionField<User>
              label="resources.users.fields.roles"
              render={(user) =>
                user.roles.length ? (
                  <Stack direction="row" spacing={0.5} flexWrap="wrap">
                    {user.roles.map((role) => (
                      <Chip key={role} label={roleText.name(role)} size="small" />
                    ))}
                  </Stack>
                ) : (
                  translate("resources.users.noRoles")
                )
              }
            />
            <UserActions label={translate("lists.actions")} {...handlers} />
          </Datagrid>
        </Box>
      ))}
    </>
  );
}

export function UserList() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState<Open>(null);

  const showLink = async (user: Pick<User, "email">, isNewUser = false) => {
    try {
      setOpen({ kind: "link", link: { email: user.email, url: await dataProvider.setPasswordLink(user.email), isNewUser } });
    } catch (failure) {
      notify(translate("resources.users.linkError", { message: errorMessage(failure, "") }), { type: "error" });
    }
  };

  return (
    <RequireAccess resource="users">
      <ScreenHeading>{translate("resources.users.title")}</ScreenHeading>
      <List
        resource="users"
        title={translate("resources.users.title")}
        sort={{ field: "tenantId", order: "ASC" }}
        perPage={100}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        exporter={false}
        error={<ListErrorAlert />}
        empty={false}
        actions={
          <TopToolbar>
            <RaButton label={translate("resources.users.add")} onClick={() => setOpen({ kind: "add" })}>
              <AddIcon />
            </RaButton>
          </TopToolbar>
        }
      >
        <UserGroups
          onAdd={() => setOpen({ kind: "add" })}
          onEdit={(user) => setOpen({ kind: "edit", user })}
          onRoles={(user) => setOpen({ kind: "roles", user })}
          onLink={(user) => showLink(user)}
        />
      </List>
      {open?.kind === "add" && <UserDialog onClose={() => setOpen(null)} onCreated={(user) => showLink(user, true)} />}
      {open?.kind === "edit" && <UserDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === "roles" && <RolesDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === "link" && <PasswordLinkDialog link={open.link} onClose={() => setOpen(null)} />}
    </RequireAccess>
  );
}
