/**
 * `/` for a signed-in user, where sign-in lands when no page was asked for: the user's next
 * steps, by role. A company administrator gets 'Primii pași' while the company is not set up, then
 * the company's administration; the invoicing role the day's work (import, invoices, customers,
 * stock); the super-admin the platform's administration and the invoicing of the company they act
 * on (or, acting on the system tenant, the way to choose one). Each shortcut shows only to whom
 * the role matrix lets open it. Whoever invoices for a company (the invoicing role, the
 * super-admin acting on one) sees its figures first (src/home/InvoicingDashboard.tsx), the
 * shortcuts under them; the company administrator keeps the short page of its own tasks.
 */
import { Link as RouterLink } from "react-router-dom";
import { Title, useTranslate } from "react-admin";
import type { SvgIconComponent } from "@mui/icons-material";
import ApartmentIcon from "@mui/icons-material/Apartment";
import CableIcon from "@mui/icons-material/Cable";
import InventoryIcon from "@mui/icons-material/Inventory2";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import PeopleIcon from "@mui/icons-material/People";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import SettingsIcon from "@mui/icons-material/Settings";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { isSuperadmin, type ResourceName } from "../../contract/roles";
import { useRoles } from "../common/useRoles";
import { useSession } from "../common/useSession";
import { FirstStepsChecklist } from "../firstSteps/FirstStepsChecklist";
import { InvoicingDashboard } from "../home/InvoicingDashboard";
import { SystemTenantNotice, useActsOnSystemTenant } from "../layout/SystemTenantNotice";
import { useActingTenant } from "../layout/useActingTenant";
import { canAccess } from "../providers/canAccess";
import { SMARTBILL_CONNECTION_PAGE } from "../smartbillConnection/connectionApi";

interface Shortcut {
  to: string;
  /** The role matrix row the page needs. */
  resource: ResourceName;
  /** The menu's name for the page, and the line under it (home.hints). */
  label: string;
  hint: string;
  icon: SvgIconComponent;
}

const TENANTS: Shortcut = { to: "/tenants", resource: "tenants", label: "menu.tenants", hint: "tenants", icon: ApartmentIcon };
const USERS: Shortcut = { to: "/users", resource: "users", label: "menu.users", hint: "users", icon: ManageAccountsIcon };

const PLATFORM = [TENANTS, USERS];

const COMPANY: Shortcut[] = [
  USERS,
  { to: "/properties", resource: "properties", label: "menu.properties", hint: "properties", icon: SettingsIcon },
  { to: SMARTBILL_CONNECTION_PAGE, resource: "smartbillConnection", label: "menu.smartbillConnection", hint: "smartbillConnection", icon: CableIcon },
];

const INVOICING: Shortcut[] = [
  { to: "/invoices/import", resource: "invoices", label: "menu.invoiceImport", hint: "invoiceImport", icon: UploadFileIcon },
  { to: "/invoices", resource: "invoices", label: "menu.invoices", hint: "invoices", icon: ReceiptLongIcon },
  { to: "/customers", resource: "customers", label: "menu.customers", hint: "customers", icon: PeopleIcon },
  { to: "/stock", resource: "stock", label: "menu.stock", hint: "stock", icon: InventoryIcon },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Shortcuts({ shortcuts, roles }: { shortcuts: Shortcut[]; roles: string[] }) {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {shortcuts
        .filter(({ resource }) => canAccess(roles, resource))
        .map(({ to, label, hint, icon: Icon }) => (
          <ListItemButton key={to} component={RouterLink} to={to} sx={{ borderRadius: 1 }}>
            <ListItemIcon>
              <Icon color="primary" />
            </ListItemIcon>
            <ListItemText primary={translate(label)} secondary={translate(`home.hints.${hint}`)} />
          </ListItemButton>
        ))}
    </List>
  );
}

export default function Home() {
  const translate = useTranslate();
  const roles = useRoles();
  const current = useSession();
  const acting = useActingTenant();
  const onSystemTenant = useActsOnSystemTenant();
  if (!current || !acting) return null; // signed out: the front door shows the landing page instead
  const superadmin = isSuperadmin(roles);
  const companyAdmin = !superadmin && canAccess(roles, "smartbillConnection");
  const invoicing = canAccess(roles, "invoices");
  const dashboard = invoicing && !onSystemTenant;

  return (
    // The figures want a wide screen's room; a page of shortcuts reads better narrow.
    <Box sx={{ maxWidth: dashboard ? 1280 : 760, width: "100%", mx: "auto" }}>
      <Title title={translate("menu.home")} />
      <Typography variant="h5" component="h1" sx={{ mt: { xs: 1, sm: 2 } }}>
        {translate("home.welcome")}
      </Typography>
      <Typography color="text.secondary">
        {translate("home.signedInAs", { email: current.userName, tenant: acting.tenant.name })}
      </Typography>
      {companyAdmin && <FirstStepsChecklist />}
      {dashboard && <InvoicingDashboard tenantId={acting.tenant.id} />}
      {superadmin && (
        <Section id="home-platform" title={translate("home.platform")}>
          <Shortcuts shortcuts={PLATFORM} roles={roles} />
        </Section>
      )}
      {companyAdmin && (
        <Section id="home-company" title={translate("home.company")}>
          <Shortcuts shortcuts={COMPANY} roles={roles} />
        </Section>
      )}
      {invoicing && (
        <Section id="home-invoicing" title={superadmin ? translate("home.invoicingFor", { name: acting.tenant.name }) : translate("home.invoicing")}>
          {onSystemTenant ? <SystemTenantNotice /> : <Shortcuts shortcuts={INVOICING} roles={roles} />}
        </Section>
      )}
    </Box>
  );
}
