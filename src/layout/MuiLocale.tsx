/**
 * MUI's own words (the Autocomplete's 'Open' and 'Clear', the pagination's 'pagination
 * navigation', 'Rows per page') in the interface's language: MUI's Romanian locale over the
 * theme while the interface is Romanian; the English interface keeps MUI's English.
 */
import { type ReactNode, useMemo } from "react";
import { useLocaleState } from "react-admin";
import { type Theme, ThemeProvider } from "@mui/material/styles";
import { roRO } from "@mui/material/locale";

type Components = NonNullable<Theme["components"]>;

/** The theme's components with the locale's default props laid over their own. */
function withLocale(outer: Theme, locale: { components?: Components }): Theme {
  const components = { ...outer.components } as Record<string, { defaultProps?: object }>;
  for (const [name, localized] of Object.entries(locale.components ?? {})) {
    const own = components[name];
    components[name] = { ...own, defaultProps: { ...own?.defaultProps, ...(localized as { defaultProps?: object }).defaultProps } };
  }
  return { ...outer, components: components as Components };
}

export function MuiLocale({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const theme = useMemo(() => (outer: Theme) => (locale === "en" ? outer : withLocale(outer, roRO)), [locale]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
