/**
 * A phone on a slow network, in Chromium through the DevTools protocol, and what a visit to a page
 * costs there: the bytes transferred (all, and JavaScript), First and Largest Contentful Paint.
 * Lighthouse's mobile profile: 1.6 Mbps down, 750 Kbps up, 150 ms round trip, CPU 4× slower, a
 * Moto G Power's 412×823 screen. Each visit opens a fresh browser context, so its cache starts
 * empty (a first visit) but works during the visit, as a phone's does: what a page prefetches is
 * not fetched twice.
 */
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";

export const SLOW_PHONE = {
  /** Added to every request by DevTools' network emulation. */
  latencyMs: 150,
  /** 1.6 Mbps and 750 Kbps, in bytes per second. */
  downloadBytesPerSecond: 200_000,
  uploadBytesPerSecond: 93_750,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
} as const;

export const SLOW_PHONE_DESCRIPTION =
  `1.6 Mbps down, 750 Kbps up, ${SLOW_PHONE.latencyMs} ms latency (DevTools emulation), CPU ${SLOW_PHONE.cpuSlowdown}× slower, ` +
  `${SLOW_PHONE.viewport.width}×${SLOW_PHONE.viewport.height} phone screen, empty cache at each visit`;

/** One response as the network delivered it. */
export interface Transfer {
  url: string;
  bytes: number;
  javaScript: boolean;
  /** The Content-Encoding it came with ("" for none). */
  encoding: string;
}

/**
 * Counts what the page's network delivers (DevTools' encodedDataLength: headers and body as sent,
 * compressed or not), and knows when the network has been quiet for a while.
 */
export class NetworkLog {
  readonly transfers: Transfer[] = [];
  private readonly pending = new Map<string, { url: string; javaScript: boolean; encoding: string }>();
  private inFlight = new Set<string>();
  private lastActivity = performance.now();

  constructor(cdp: CDPSession) {
    cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
      if (request.url.startsWith("data:")) return;
      this.inFlight.add(requestId);
      this.lastActivity = performance.now();
    });
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      this.pending.set(requestId, {
        url: response.url,
        javaScript: type === "Script" || /javascript|ecmascript/i.test(response.mimeType),
        encoding: headers["content-encoding"] ?? "",
      });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const response = this.pending.get(requestId);
      if (response) this.transfers.push({ ...response, bytes: encodedDataLength });
      this.settle(requestId);
    });
    cdp.on("Network.loadingFailed", ({ requestId }) => this.settle(requestId));
  }

  private settle(requestId: string) {
    this.pending.delete(requestId);
    this.inFlight.delete(requestId);
    this.lastActivity = performance.now();
  }

  /** Resolves once no request has been in flight for `quietMs` (or after `timeoutMs` regardless). */
  async quiet(quietMs = 1_000, timeoutMs = 30_000): Promise<void> {
    const began = performance.now();
    while (performance.now() - began < timeoutMs) {
      if (this.inFlight.size === 0 && performance.now() - this.lastActivity >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  totals(from = 0): { bytes: number; javaScriptBytes: number; requests: number } {
    const transfers = this.transfers.slice(from);
    return {
      bytes: transfers.reduce((sum, t) => sum + t.bytes, 0),
      javaScriptBytes: transfers.filter((t) => t.javaScript).reduce((sum, t) => sum + t.bytes, 0),
      requests: transfers.length,
    };
  }
}

/** A fresh context and page on the slow phone, throttled before anything loads. */
export async function slowPhonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; network: NetworkLog }> {
  const context = await browser.newContext({
    viewport: SLOW_PHONE.viewport,
    deviceScaleFactor: SLOW_PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: "ro-RO",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = new NetworkLog(cdp);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(60_000);
  return { context, page, network };
}

/**
 * FCP and LCP of the page's current document, in ms from its navigation, read from the browser's
 * buffered performance entries. LCP stops being updated at the first click or key press, so read
 * it before interacting.
 */
export async function paintTimes(page: Page): Promise<{ fcp: number | undefined; lcp: number | undefined }> {
  return page.evaluate(
    () =>
      new Promise<{ fcp: number | undefined; lcp: number | undefined }>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
        let lcp: number | undefined;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          lcp = entries[entries.length - 1]?.startTime ?? lcp;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        // Buffered entries are delivered in the observer's first task; give it a moment.
        setTimeout(() => resolve({ fcp, lcp }), 200);
      }),
  );
}

export interface PageVisit {
  bytes: number;
  javaScriptBytes: number;
  requests: number;
  fcp: number | undefined;
  lcp: number | undefined;
  transfers: Transfer[];
}

/**
 * A first visit to `url`: navigation until the load event and then a quiet network (the lazy
 * chunks a page fetches after the load count too), then its paint times.
 */
export async function visit(browser: Browser, url: string): Promise<PageVisit> {
  const { context, page, network } = await slowPhonePage(browser);
  try {
    await page.goto(url, { waitUntil: "load" });
    await network.quiet();
    const paints = await paintTimes(page);
    return { ...network.totals(), ...paints, transfers: network.transfers };
  } finally {
    await context.close();
  }
}
