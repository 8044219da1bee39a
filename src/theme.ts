/**
 * The MUI theme: react-admin's default look with the spec's breakpoints (section 9), a primary
 * blue dark enough for small text (publicTheme.ts, PRIMARY) and a keyboard focus clearly seen
 * (public/focusRing.ts). The public pages have the same look without react-admin
 * (public/publicTheme.ts, which also declares `xxl`).
 */
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { BREAKPOINTS } from "../contract/constants";
import { withFocusRing } from "./public/focusRing";
import { PRIMARY } from "./public/publicTheme";

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: PRIMARY },
  breakpoints: { values: BREAKPOINTS },
  sidebar: { width: 260, closedWidth: 56 },
  components: withFocusRing(defaultTheme.components),
};
