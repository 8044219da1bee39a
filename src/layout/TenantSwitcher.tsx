/**
 * The super-admin's tenant control in the top bar: names the tenant being acted on (marked when
 * it is not the user's own) and opens the choice. `compact`: a small line under the title, for
 * phones, where the bar has no room for more buttons.
 */
import { useState } from "react";
import { useTranslate } from "react-admin";
import ApartmentIcon from "@mui/icons-material/Apartment";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useRoles } from "../common/useRoles";
import { isSuperadmin } from "../../contract/roles";
import { TenantChoiceDialog } from "./TenantChoiceDialog";
import { useActingTenant } from "./useActingTenant";

export function TenantSwitcher({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const acting = useActingTenant();
  const superadmin = isSuperadmin(useRoles());
  const [choosing, setChoosing] = useState(false);
  if (!acting || !superadmin) return null;

  return (
    <>
      <Button
        color="inherit"
        size="small"
        onClick={() => setChoosing(true)}
        aria-label={translate("tenantSwitcher.button", { name: acting.tenant.name })}
        aria-haspopup="dialog"
        data-testid="acting-tenant"
        data-chosen={acting.isChosen}
        startIcon={compact ? undefined : <ApartmentIcon fontSize="small" />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        sx={{
          textTransform: "none",
          minWidth: 0,
          maxWidth: "100%",
          ...(compact
            ? { p: 0, alignSelf: "flex-start", lineHeight: 1.2, fontSize: "0.75rem", "& .MuiButton-endIcon": { ml: 0.25 } }
            : { px: 1, border: 1, borderColor: "rgba(255, 255, 255, 0.5)" }),
          // Acting on another company's data: shown in the warning colour, never mistaken for one's own.
          ...(acting.isChosen && { bgcolor: "warning.main", color: "warning.contrastText", "&:hover": { bgcolor: "warning.dark" } }),
          ...(acting.isChosen && compact && { px: 0.5, borderRadius: 1 }),
        }}
      >
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: compact ? "100%" : 220 }}>
          {acting.tenant.name}
        </Box>
      </Button>
      {choosing && <TenantChoiceDialog onClose={() => setChoosing(false)} />}
    </>
  );
}
