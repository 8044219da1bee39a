/**
 * Debian's Chromium as the browser tests and benchmarks launch it: as root it needs no sandbox,
 * and without the networking flags it fills the log with refused connections (TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
