import { formatWhen } from "../invoices/invoiceText";
import { formatRomanianDateTime } from "./romanianTime";

// A browser far from Romania: what it shows must still be Romania's clock. Node reads TZ afresh
// when it changes, so the zone holds for this file only.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/New_York";
});
afterAll(() => {
  process.env.TZ = zone;
});

describe("a moment shown on the screens", () => {
  it("is Romania's clock, in winter (UTC+2) and in summer (UTC+3), whatever the browser's zone", () => {
    expect(new Date("2026-11-26T10:00:00Z").getHours()).toBe(5); // the zone above is in force
    expect(formatRomanianDateTime("2026-11-26T10:00:05.000Z")).toBe("26.11.2026, 12:00:05");
    expect(formatRomanianDateTime("2026-07-01T21:30:00.000Z")).toBe("02.07.2026, 00:30:00");
    expect(formatRomanianDateTime("2026-11-26T10:00:05.000Z", "minutes")).toBe("26.11.2026, 12:00");
  });

  it("is the same in the audit log and in an invoice's history", () => {
    const at = "2026-11-26T22:15:00.000Z";
    expect(formatWhen(at)).toBe("27.11.2026, 00:15");
    expect(formatRomanianDateTime(at).startsWith(formatWhen(at))).toBe(true);
  });
});
