/**
 * The language menu of the public top bar (ShellLanguageButton), in a module of its own: a menu
 * brings MUI's popover, modal and focus trap along, which only a visitor who opens it needs.
 */
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { LOCALES, type Locale } from "../../i18n/locales";
import { chooseLocale } from "./locale";

export default function ShellLanguageMenu({ anchor, locale, onClose }: { anchor: HTMLElement | null; locale: Locale; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LOCALES.map((language) => (
        <MenuItem
          key={language.locale}
          selected={language.locale === locale}
          onClick={() => {
            chooseLocale(language.locale);
            onClose();
          }}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
