/**
 * 'Primii pași': on a company administrator's landing page (the profile), while the company is
 * not ready to invoice, the four set-up steps — SmartBill connection, an invoicing user, a
 * warehouse, customers — each ticked once done (GET /api/first-steps) and each a link to where it
 * is done. A step only the invoicing role may do says who does it instead. Gone once all are done,
 * and never shown for the system tenant, which is the operator's, not a company.
 */
import { Link as RouterLink } from "react-router-dom";
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import type { FirstSteps } from "../../contract/api";
import { SYSTEM_TENANT_ID } from "../../contract/constants";
import type { ResourceName, RoleName } from "../../contract/roles";
import { useRoles } from "../common/useRoles";
import { useRoleText } from "../users/useRoleText";
import { useSession } from "../common/useSession";
import { canAccess } from "../providers/canAccess";
import type { AppDataProvider } from "../providers/customMethods";
import { SMARTBILL_CONNECTION_PAGE } from "../smartbillConnection/connectionApi";

interface Step {
  done: keyof FirstSteps;
  to: string;
  /** the role matrix row the page needs */
  resource: ResourceName;
  /** the menu entry the step's page is under, for whoever does it */
  menu: string;
}

/** The role the invoicing user is added with ('Operator facturare'). */
const INVOICING_ROLE: RoleName = "ROLE_SMARTBILL";

/** In the order they are best done: the admin connects, adds the warehouse and the invoicing user, who imports the customers. */
const STEPS: Step[] = [
  { done: "smartBillConnection", to: SMARTBILL_CONNECTION_PAGE, resource: "smartbillConnection", menu: "menu.smartbillConnection" },
  { done: "warehouse", to: "/warehouses", resource: "warehouses", menu: "menu.warehouses" },
  { done: "invoicingUser", to: "/users", resource: "users", menu: "menu.users" },
  { done: "customers", to: "/customers/import", resource: "customers", menu: "menu.customerImport" },
];

export function FirstStepsChecklist() {
  const roles = useRoles();
  const tenantId = useSession()?.tenant.id;
  const shown = canAccess(roles, "smartbillConnection") && tenantId !== undefined && tenantId !== SYSTEM_TENANT_ID;
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: steps } = useQuery({
    queryKey: ["firstSteps"],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.firstSteps(signal);
      } catch (error) {
        if (!signal.aborted) console.error("Primii pași nu au putut fi citiți", error);
        throw error;
      }
    },
    enabled: shown,
    retry: false,
  });

  return shown && steps ? <FirstStepsCard steps={steps} /> : null;
}

/** The checklist for these answers; nothing once every step is done. */
export function FirstStepsCard({ steps }: { steps: FirstSteps }) {
  const translate = useTranslate();
  const roleText = useRoleText();
  const roles = useRoles();
  if (STEPS.every((step) => steps[step.done])) return null;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="first-steps-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="first-steps-title">
          {translate("firstSteps.title")}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {translate("firstSteps.intro")}
        </Typography>
        <List dense sx={{ pb: 0 }}>
          {STEPS.map((step) => {
            const done = steps[step.done];
            const label = translate(`firstSteps.${step.done}`, { role: roleText.name(INVOICING_ROLE) });
            const mayOpen = canAccess(roles, step.resource);
            return (
              <ListItem key={step.done} disableGutters data-testid={`first-step-${step.done}`} data-done={done}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {done ? (
                    <CheckCircleIcon color="success" titleAccess={translate("firstSteps.done")} />
                  ) : (
                    <RadioButtonUncheckedIcon color="action" titleAccess={translate("firstSteps.todo")} />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    mayOpen ? (
                      <Link component={RouterLink} to={step.to}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )
                  }
                  secondary={mayOpen ? undefined : translate("firstSteps.byInvoicingUser", { menu: translate(step.menu) })}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}
