/**
 * A sent invoice's actions as a menu on its row of 'Facturi importate'; a disabled entry says why
 * beneath it. Clicks inside (the menu and its dialogs live in portals, whose events still bubble
 * through React's tree) stay here rather than opening the row.
 */
import { useState } from "react";
import { useRecordContext, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import type { Invoice } from "../../contract/api";
import { useInvoiceLife } from "./useInvoiceLife";

function RowActionsMenu({ invoice }: { invoice: Invoice }) {
  const translate = useTranslate();
  const { actions, dialogs } = useInvoiceLife(invoice);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate("resources.invoices.life.rowActions", { id: invoice.id });
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <IconButton aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} size="small">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { "aria-label": label } }}>
        {actions.map(({ action, label: text, icon, enabled, why, onClick }) => (
          <MenuItem
            key={action}
            disabled={!enabled}
            onClick={() => {
              setAnchor(null);
              onClick();
            }}
          >
            <ListItemIcon>{icon}</ListItemIcon>
            <ListItemText primary={text} secondary={why} slotProps={{ secondary: { sx: { whiteSpace: "normal", maxWidth: 280 } } }} />
          </MenuItem>
        ))}
      </Menu>
      {dialogs}
    </Box>
  );
}

export function InvoiceRowActions(_props: { label?: string }) {
  const invoice = useRecordContext<Invoice>();
  // Only an invoice that went to SmartBill has a life there.
  if (!invoice || invoice.status !== "sent") return null;
  return <RowActionsMenu invoice={invoice} />;
}
