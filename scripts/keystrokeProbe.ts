/**
 * What a keystroke costs the person typing, measured inside the page: from the key event's own
 * timestamp to the frame painted after the page handled it. A keydown, and the keypress/input
 * that follow it (Chromium may run them in later tasks), each ask for the next frame
 * (requestAnimationFrame) and then for the first task after it (a MessageChannel message, which
 * runs once the frame is painted); the key's end is the last of these. The browser's own Event
 * Timing entries (≥ 16 ms, rounded to 8 ms) are kept beside it as a cross-check.
 */
import type { BrowserContext, Page } from "playwright-core";

export interface KeyRecord {
  key: string;
  /** The keydown's timeStamp: ms since the document's navigation began. */
  start: number;
  /** After the frame that followed the last of its events; undefined until then. */
  end?: number;
  /** The focused field's value before the keydown and after the frame. */
  valueBefore: string | null;
  valueAfter?: string | null;
}

export interface EventTimingRecord {
  name: string;
  start: number;
  duration: number;
}

declare global {
  interface Window {
    __keystrokes: { keys: KeyRecord[]; events: EventTimingRecord[] };
  }
}

/**
 * Installed before any of the page's own scripts, on every document the context opens. Plain
 * JavaScript text: a compiled function could carry the compiler's helpers into the page.
 */
const PROBE = `(() => {
  const keystrokes = { keys: [], events: [] };
  window.__keystrokes = keystrokes;
  function focusedValue() {
    const focused = document.activeElement;
    return focused && "value" in focused ? String(focused.value) : null;
  }
  let latest = 0;
  function frameAfter(record) {
    const token = ++latest;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (token !== latest) return; // a later event of the key asked for a later frame
        record.end = performance.now();
        record.valueAfter = focusedValue();
      };
      channel.port2.postMessage(null);
    });
  }
  addEventListener("keydown", (event) => {
    const record = { key: event.key, start: event.timeStamp, valueBefore: focusedValue() };
    keystrokes.keys.push(record);
    frameAfter(record);
  }, true);
  for (const name of ["keypress", "input"]) {
    addEventListener(name, () => {
      const record = keystrokes.keys[keystrokes.keys.length - 1];
      if (record) frameAfter(record);
    }, true);
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) keystrokes.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    // No Event Timing: the frame-based measure stands alone.
  }
})();`;

export const installKeystrokeProbe = (context: BrowserContext) => context.addInitScript({ content: PROBE });

export const clearKeystrokes = (page: Page) =>
  page.evaluate(() => {
    window.__keystrokes.keys = [];
    window.__keystrokes.events = [];
  });

/** Waits until the n-th key since the last clear (1-based) has had its frame painted, and answers it. */
export async function keystroke(page: Page, n: number, timeoutMs = 30_000): Promise<KeyRecord> {
  await page.waitForFunction((count) => window.__keystrokes.keys.length >= count && window.__keystrokes.keys[count - 1].end !== undefined, n, {
    polling: 20,
    timeout: timeoutMs,
  });
  return page.evaluate((count) => window.__keystrokes.keys[count - 1], n);
}

export const readKeystrokes = (page: Page) => page.evaluate(() => window.__keystrokes);
