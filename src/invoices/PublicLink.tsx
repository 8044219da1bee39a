/**
 * 'Link public' of a sent document: SmartBill's public view of it (anyone with the link sees it,
 * no SmartBill account needed), opened in a new tab without handing it this page, and
 * 'Copiază linkul' to paste it into a message. Only SmartBill's `/invoice/v2` and `/estimate/v2`
 * answer with it: a document sent before has none, and nothing shows.
 */
import { useNotify, useTranslate } from "react-admin";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";

export function PublicLink({ url }: { url: string | null | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (!url) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify("resources.invoices.document.linkCopied", { type: "success" });
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is on the screen to select.
      notify("resources.invoices.document.copyFailed", { type: "warning" });
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ my: 1 }} data-testid="public-link">
      <Typography variant="body2" component="span">
        {translate("resources.invoices.document.publicLink")}:
      </Typography>
      <Link href={url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ wordBreak: "break-all", display: "inline-flex", alignItems: "center", gap: 0.5 }}>
        {url}
        <OpenInNewIcon fontSize="inherit" aria-hidden />
      </Link>
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {translate("resources.invoices.document.copyLink")}
      </Button>
    </Stack>
  );
}
