/**
 * The language choice of the public top bar: the admin app's (layout/LanguageMenuButton.tsx), kept
 * where react-admin keeps it; on a phone the button shows only its icon.
 */
import { useState } from "react";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import TranslateIcon from "@mui/icons-material/Translate";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { LOCALES } from "../../i18n/locales";
import { chooseLocale, useLocale } from "./locale";
import { usePageFrame } from "./pageFrame";

export function ShellLanguageButton() {
  const { translate } = usePageFrame();
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LOCALES.find((language) => language.locale === locale)?.name ?? locale;

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-label={`${translate("app.language")}: ${current}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0 }}
      >
        <TranslateIcon fontSize="small" />
        <Box component="span" sx={{ ml: 1, display: { xs: "none", sm: "inline" } }}>
          {current}
        </Box>
        <ExpandMoreIcon fontSize="small" sx={{ display: { xs: "none", sm: "inline-block" } }} />
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LOCALES.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              chooseLocale(language.locale);
              setAnchor(null);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
