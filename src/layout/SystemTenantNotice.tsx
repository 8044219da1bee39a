/**
 * Shown where invoicing work would start while a super-admin acts on the system tenant, which is
 * the operator's and has no SmartBill account: not "SmartBill is not configured" (configuring it
 * there would be wrong), but the way to the company they mean, the top bar's choice, at hand.
 */
import { useState } from "react";
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { SYSTEM_TENANT_ID } from "../../contract/constants";
import { TenantChoiceDialog } from "./TenantChoiceDialog";
import { useActingTenant } from "./useActingTenant";

/** Whether the signed-in user is acting on the system tenant (only a super-admin can). */
export function useActsOnSystemTenant(): boolean {
  return useActingTenant()?.tenant.id === SYSTEM_TENANT_ID;
}

export function SystemTenantNotice() {
  const translate = useTranslate();
  const acting = useActingTenant();
  const [choosing, setChoosing] = useState(false);
  if (acting?.tenant.id !== SYSTEM_TENANT_ID) return null;
  return (
    <>
      {/* The button under the words, not beside them: on a phone there is no room beside. */}
      <Alert severity="info" sx={{ my: 1 }} data-testid="system-tenant-notice">
        {translate("tenantSwitcher.systemNotice", { name: acting.tenant.name })}
        <Box sx={{ mt: 1 }}>
          <Button variant="outlined" color="inherit" size="small" onClick={() => setChoosing(true)} aria-haspopup="dialog">
            {translate("tenantSwitcher.chooseCompany")}
          </Button>
        </Box>
      </Alert>
      {choosing && <TenantChoiceDialog onClose={() => setChoosing(false)} />}
    </>
  );
}
