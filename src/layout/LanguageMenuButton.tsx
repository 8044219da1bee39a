/**
 * The language choice of the signed-out top bar: react-admin's locales menu, but on a phone the
 * button shows only its icon, so the bar still has room for 'Autentificare'.
 */
import { useState } from "react";
import { useLocaleState, useLocales, useTranslate } from "react-admin";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import TranslateIcon from "@mui/icons-material/Translate";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";

export function LanguageMenuButton() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = languages.find((language) => language.locale === locale)?.name ?? locale;

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
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              setLocale(language.locale);
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
