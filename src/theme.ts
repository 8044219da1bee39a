/**
 * The MUI theme: react-admin's default look with the spec's breakpoints (section 9). The public
 * pages have the same look without react-admin (public/publicTheme.ts, which also declares `xxl`).
 */
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { BREAKPOINTS } from "../contract/constants";

export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: BREAKPOINTS },
  sidebar: { width: 260, closedWidth: 56 },
};
