/**
 * The keyboard focus, clearly seen (WCAG 2.4.7, and 1.4.11's 3:1 for what shows it), the same in
 * both doors: a ring of two colours around the focused control, white next to it and dark navy
 * outside, each 2 px. One of the two stands out on any ground the app has: navy on the page and on
 * white cards (12:1), white on the blue top bar and on a blue button (5.7:1). MUI's own focus is
 * a faint ripple or a slightly darker background; this is added to it.
 *
 * Buttons, links and anything MUI marks `.Mui-focusVisible` (menu items, list entries, tabs,
 * check boxes) get it when focused from the keyboard (:focus-visible, never on a mouse click); a
 * text field gets it while the cursor is in it (where typing goes must show too). Entries of
 * menus and lists draw it inside their edge, where the menu's own edge cannot cut it off.
 */
import type { Components } from "@mui/material/styles";

/** Navy: 12:1 on the page's background and on white. */
export const FOCUS_RING_COLOR = "#0b2e6b";

export const FOCUS_RING = {
  outline: `2px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: "2px",
  // Fills the gap between the control and the outline: the white half of the ring.
  boxShadow: "0 0 0 2px #fff",
} as const;

/** Inside the edge (menu items, list entries): navy, with the white within it. */
const INSET_FOCUS_RING = {
  outline: `2px solid ${FOCUS_RING_COLOR}`,
  outlineOffset: "-2px",
  boxShadow: "inset 0 0 0 4px #fff",
} as const;

const KEYBOARD_FOCUS = "&.Mui-focusVisible, &:focus-visible";

/** Each component's root, focused: MUI's own focus styles of a component come after ButtonBase's, so each is named. */
const ROOT_FOCUS: Record<string, Record<string, object>> = {
  MuiButtonBase: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiButton: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiIconButton: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiFab: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiToggleButton: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiChip: { [KEYBOARD_FOCUS]: FOCUS_RING },
  MuiTab: { [KEYBOARD_FOCUS]: INSET_FOCUS_RING },
  MuiMenuItem: { [KEYBOARD_FOCUS]: INSET_FOCUS_RING },
  MuiListItemButton: { [KEYBOARD_FOCUS]: INSET_FOCUS_RING },
  MuiLink: { "&:focus-visible": FOCUS_RING },
  MuiFilledInput: { "&.Mui-focused": FOCUS_RING },
  MuiOutlinedInput: { "&.Mui-focused": FOCUS_RING },
  MuiInput: { "&.Mui-focused": FOCUS_RING },
};

/** Plain links and other focusable elements outside MUI's components (a title link, a skip link). */
const GLOBAL_FOCUS = { "a:focus-visible, [tabindex]:not([tabindex='-1']):focus-visible, summary:focus-visible": FOCUS_RING };

type LooseComponents = Record<string, { styleOverrides?: Record<string, unknown> } & Record<string, unknown>>;

/** `components` with the focus ring added to each root named above (their other styles kept). */
export function withFocusRing<C extends Components<never>>(components?: C): C {
  const merged: LooseComponents = { ...(components as LooseComponents | undefined) };
  for (const [name, focus] of Object.entries(ROOT_FOCUS)) {
    const own = merged[name] ?? {};
    const overrides = own.styleOverrides ?? {};
    merged[name] = { ...own, styleOverrides: { ...overrides, root: { ...(overrides.root as object | undefined), ...focus } } };
  }
  const baseline = merged.MuiCssBaseline ?? {};
  merged.MuiCssBaseline = { ...baseline, styleOverrides: { ...(baseline.styleOverrides as object | undefined), ...GLOBAL_FOCUS } };
  return merged as unknown as C;
}
