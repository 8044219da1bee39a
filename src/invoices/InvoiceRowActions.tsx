/**
 * An invoice's actions as a menu on its row of 'Facturi importate': a sent one's life in
 * SmartBill, and 'Duplică' for any; a disabled entry says why beneath it. Clicks inside (the
 * menu and its dialogs live in portals, whose events still bubble through React's tree) stay
 * here rather than opening the row.
 */
import { type ReactNode, useState } from "react";
import { useRecordContext, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import type { Invoice } from "../../contract/api";
import { useDuplicateDocument } from "./useDuplicateDocument";
import { type LifeAction, useInvoiceLife } from "./useInvoiceLife";

/** The row's menu: a sent invoice's actions in SmartBill (`life`), then 'Duplică', which any invoice has. */
function RowActionsMenu({ invoice, life = [], dialogs = null }: { invoice: Invoice; life?: LifeAction[]; dialogs?: ReactNode }) {
  const translate = useTranslate();
  const copy = useDuplicateDocument(invoice);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate("resources.invoices.life.rowActions", { id: invoice.id });
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <IconButton aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} size="small">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { "aria-label": label } }}>
        {life.map(({ action, label: text, icon, enabled, why, onClick }) => (
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
        <MenuItem
          disabled={copy.pending}
          onClick={() => {
            setAnchor(null);
            void copy.duplicate();
          }}
        >
          <ListItemIcon>
            <ContentCopyIcon />
          </ListItemIcon>
          <ListItemText primary={copy.label} />
        </MenuItem>
      </Menu>
      {dialogs}
    </Box>
  );
}

function SentRowActions({ invoice }: { invoice: Invoice }) {
  const { actions, dialogs } = useInvoiceLife(invoice);
  return <RowActionsMenu invoice={invoice} life={actions} dialogs={dialogs} />;
}

export function InvoiceRowActions(_props: { label?: string }) {
  const invoice = useRecordContext<Invoice>();
  if (!invoice) return null;
  // Only an invoice that went to SmartBill has a life there; any may be duplicated.
  return invoice.status === "sent" ? <SentRowActions invoice={invoice} /> : <RowActionsMenu invoice={invoice} />;
}
