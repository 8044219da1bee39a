/**
 * The notice a SmartBill screen shows while the tenant has no complete SmartBill connection, so
 * the user learns it before a call fails: an administrator gets the way to 'Conexiune SmartBill',
 * anyone else (the invoicing role, who may not open it) is told to ask one. A super-admin acting
 * on the system tenant, which invoices nothing, is asked to choose the company instead.
 */
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useRoles } from "../common/useRoles";
import { SystemTenantNotice, useActsOnSystemTenant } from "../layout/SystemTenantNotice";
import { canAccess } from "../providers/canAccess";
import { SMARTBILL_CONNECTION_PAGE, useSmartBillConfigured } from "./connectionApi";

export function SmartBillConnectionNotice() {
  const translate = useTranslate();
  const mayConfigure = canAccess(useRoles(), "smartbillConnection");
  const configured = useSmartBillConfigured();
  const onSystemTenant = useActsOnSystemTenant();
  if (onSystemTenant) return <SystemTenantNotice />;
  if (configured !== false) return null;
  return (
    <Alert
      severity="warning"
      sx={{ my: 1 }}
      data-testid="smartbill-connection-notice"
      action={
        mayConfigure ? (
          <Button component={RouterLink} to={SMARTBILL_CONNECTION_PAGE} color="inherit" size="small">
            {translate("smartbillConnection.notice.link")}
          </Button>
        ) : undefined
      }
    >
      {translate("smartbillConnection.notice.text")}{" "}
      {translate(mayConfigure ? "smartbillConnection.notice.admin" : "smartbillConnection.notice.ask")}
    </Alert>
  );
}
