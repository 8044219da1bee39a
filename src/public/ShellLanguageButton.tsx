/**
 * The language choice of the public top bar: the admin app's (layout/LanguageMenuButton.tsx), kept
 * where react-admin keeps it; on a phone the button shows only its icon. Its menu's code comes
 * when the pointer or the keyboard reaches the button, or at the latest when it is pressed.
 */
import { lazy, useState } from "react";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import TranslateIcon from "@mui/icons-material/Translate";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { LOCALES } from "../../i18n/locales";
import { useLocale } from "./locale";
import { OnDemand } from "./OnDemand";
import { usePageFrame } from "./pageFrame";

const fetchMenu = () => import("./ShellLanguageMenu");
const ShellLanguageMenu = lazy(fetchMenu);

export function ShellLanguageButton() {
  const { translate } = usePageFrame();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened the menu stays mounted, so it closes with its own animation.
  const [opened, setOpened] = useState(false);
  const current = LOCALES.find((language) => language.locale === locale)?.name ?? locale;

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-label={`${translate("app.language")}: ${current}`}
        onPointerEnter={() => void fetchMenu().catch(() => undefined)}
        onFocus={() => void fetchMenu().catch(() => undefined)}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        sx={{ minWidth: 0 }}
      >
        <TranslateIcon fontSize="small" />
        <Box component="span" sx={{ ml: 1, display: { xs: "none", sm: "inline" } }}>
          {current}
        </Box>
        <ExpandMoreIcon fontSize="small" sx={{ display: { xs: "none", sm: "inline-block" } }} />
      </Button>
      {opened && (
        <OnDemand>
          <ShellLanguageMenu anchor={anchor} locale={locale} onClose={() => setAnchor(null)} />
        </OnDemand>
      )}
    </>
  );
}
