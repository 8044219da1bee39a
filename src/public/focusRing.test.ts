import { createTheme } from "@mui/material/styles";
import { theme as adminTheme } from "../theme";
import { FOCUS_RING, FOCUS_RING_COLOR } from "./focusRing";
import { publicThemeOptions } from "./publicTheme";

/** The styles a component's root gets, as the theme writes them. */
const rootOf = (components: unknown, name: string) =>
  ((components as Record<string, { styleOverrides?: { root?: Record<string, unknown> } }>)[name]?.styleOverrides?.root ?? {}) as Record<string, unknown>;

describe("the keyboard focus, in both themes", () => {
  it.each([
    ["the admin app's", adminTheme.components],
    ["the public pages'", publicThemeOptions.components],
  ])("%s theme rings buttons, links and text fields with a 2 px navy outline over a white one", (_door, components) => {
    for (const name of ["MuiButtonBase", "MuiButton", "MuiIconButton"]) {
      expect(rootOf(components, name)["&.Mui-focusVisible, &:focus-visible"], name).toEqual(FOCUS_RING);
    }
    expect(rootOf(components, "MuiLink")["&:focus-visible"]).toEqual(FOCUS_RING);
    expect(rootOf(components, "MuiFilledInput")["&.Mui-focused"]).toEqual(FOCUS_RING);
    expect(FOCUS_RING).toEqual({ outline: `2px solid ${FOCUS_RING_COLOR}`, outlineOffset: "2px", boxShadow: "0 0 0 2px #fff" });
    const baseline = (components as { MuiCssBaseline: { styleOverrides: Record<string, unknown> } }).MuiCssBaseline.styleOverrides;
    expect(Object.entries(baseline).find(([selector]) => selector.startsWith("a:focus-visible"))?.[1]).toEqual(FOCUS_RING);
  });

  it("keeps what react-admin's theme already gave the text fields", () => {
    const filled = rootOf(adminTheme.components, "MuiFilledInput");
    expect(filled.backgroundColor).toBe("rgba(0, 0, 0, 0.04)");
    // And it still makes a theme.
    expect(createTheme(publicThemeOptions).components?.MuiButton?.styleOverrides).toBeDefined();
  });
});

/** Contrast ratio of two #rrggbb colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("the ring's colours", () => {
  it("stand out 3:1 or more on every ground: navy on the page and white cards, white on the blue top bar and buttons", () => {
    expect(contrast(FOCUS_RING_COLOR, "#fafafb")).toBeGreaterThanOrEqual(3);
    expect(contrast(FOCUS_RING_COLOR, "#ffffff")).toBeGreaterThanOrEqual(3); // also the ring's two halves against each other
    expect(contrast("#ffffff", "#1565c0")).toBeGreaterThanOrEqual(3);
  });
});
