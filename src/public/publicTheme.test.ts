import { createTheme } from "@mui/material/styles";
import { theme as adminTheme } from "../theme";
import { publicThemeOptions } from "./publicTheme";

describe("the public pages' theme", () => {
  it("has the admin app's palette, type and breakpoints", () => {
    const publicTheme = createTheme(publicThemeOptions);
    const admin = createTheme(adminTheme);
    // Their values: each theme has its own copies of MUI's helper functions.
    const values = (value: unknown) => JSON.parse(JSON.stringify(value));
    expect(values(publicTheme.palette)).toEqual(values(admin.palette));
    expect(values(publicTheme.typography)).toEqual(values(admin.typography));
    expect(publicTheme.breakpoints.values).toEqual(admin.breakpoints.values);
  });

  it("draws text fields as the admin app's theme does", () => {
    for (const name of ["MuiTextField", "MuiFormControl", "MuiFilledInput"] as const) {
      const ours = publicThemeOptions.components?.[name] as { defaultProps?: unknown; styleOverrides?: unknown };
      const theirs = adminTheme.components?.[name] as { defaultProps?: unknown; styleOverrides?: unknown };
      expect(ours.defaultProps, name).toEqual(theirs.defaultProps);
      expect(ours.styleOverrides, name).toEqual(theirs.styleOverrides);
    }
  });
});
