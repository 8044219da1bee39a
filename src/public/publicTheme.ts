/**
 * The look of the public pages: what react-admin's default theme gives the admin app (src/theme.ts)
 * for the parts these pages use (palette, type, filled text fields) and the spec's breakpoints
 * (section 9), written out so the pages can be styled without loading react-admin.
 * publicTheme.test.ts checks it against the admin app's theme.
 */
import { createTheme, type ThemeOptions } from "@mui/material/styles";
import { BREAKPOINTS } from "../../contract/constants";
import { withFocusRing } from "./focusRing";

declare module "@mui/material/styles" {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/**
 * A darker blue than MUI's default (#1976d2), the same in both doors: that one is only 4.0:1 on a
 * filled field's grey and 4.4:1 on the page, under the 4.5:1 that small text needs (WCAG AA).
 */
export const PRIMARY = { main: "#1565c0" } as const;

const fieldDefaults = { variant: "filled", margin: "dense", size: "small", fullWidth: true } as const;

export const publicThemeOptions: ThemeOptions = {
  breakpoints: { values: BREAKPOINTS },
  palette: {
    primary: PRIMARY,
    background: { default: "#fafafb" },
    secondary: { light: "#6ec6ff", main: "#2196f3", dark: "#0069c0", contrastText: "#fff" },
  },
  typography: { h6: { fontWeight: 400 } },
  // And the keyboard focus clearly seen (focusRing.ts), as in the admin app.
  components: withFocusRing({
    MuiTextField: { defaultProps: fieldDefaults },
    MuiFormControl: { defaultProps: fieldDefaults },
    MuiFilledInput: {
      styleOverrides: {
        root: { backgroundColor: "rgba(0, 0, 0, 0.04)", "&$disabled": { backgroundColor: "rgba(0, 0, 0, 0.04)" } },
      },
    },
  }),
};

export const publicTheme = createTheme(publicThemeOptions);
