/** The MUI theme: react-admin's default look with the spec's breakpoints (section 9). */
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { BREAKPOINTS } from "../contract/constants";

declare module "@mui/material/styles" {
  interface BreakpointOverrides {
    xxl: true;
  }
}

export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: BREAKPOINTS },
  sidebar: { width: 260, closedWidth: 56 },
};
