import { describe, expect, it } from "vitest";
import { efacturaDeadline, efacturaDeadlineNear, efacturaDeadlineText, efacturaWorkingDaysLeft } from "./efactura";
import { addWorkingDays, isRomanianWorkingDay, orthodoxEaster, romanianPublicHolidays, workingDaysBetween } from "./romanianWorkingDays";

describe("Romanian working days", () => {
  it("knows Orthodox Easter", () => {
    expect(orthodoxEaster(2024)).toBe("2024-05-05");
    expect(orthodoxEaster(2025)).toBe("2025-04-20");
    expect(orthodoxEaster(2026)).toBe("2026-04-12");
    expect(orthodoxEaster(2027)).toBe("2027-05-02");
  });

  it("lists the Labour Code's holidays, the moving ones included", () => {
    const holidays = romanianPublicHolidays(2026);
    for (const day of ["2026-01-01", "2026-01-02", "2026-01-06", "2026-01-07", "2026-01-24", "2026-04-10", "2026-04-12", "2026-04-13", "2026-05-01", "2026-05-31", "2026-06-01", "2026-08-15", "2026-11-30", "2026-12-01", "2026-12-25", "2026-12-26"]) {
      expect(holidays.has(day), day).toBe(true);
    }
    expect(holidays.size).toBe(16); // Children's Day and Pentecost Monday fall on one day in 2026
    expect(isRomanianWorkingDay("2026-11-27")).toBe(true);
    expect(isRomanianWorkingDay("2026-11-28")).toBe(false); // Saturday
    expect(isRomanianWorkingDay("2026-11-30")).toBe(false); // Sf. Andrei
  });

  it("counts working days across a weekend and two holidays", () => {
    // Thursday 26 November 2026: Friday, then the weekend, Sf. Andrei and Ziua Națională.
    expect(addWorkingDays("2026-11-26", 1)).toBe("2026-11-27");
    expect(addWorkingDays("2026-11-26", 2)).toBe("2026-12-02");
    expect(efacturaDeadline("2026-11-26")).toBe("2026-12-07");
    expect(workingDaysBetween("2026-11-26", "2026-12-07")).toBe(5);
    expect(workingDaysBetween("2026-12-07", "2026-11-26")).toBe(-5);
    expect(efacturaWorkingDaysLeft("2026-11-26", "2026-11-28")).toBe(4);
    expect(efacturaWorkingDaysLeft("2026-11-26", "2026-12-04")).toBe(1);
    expect(efacturaWorkingDaysLeft("2026-11-26", "2026-12-08")).toBe(-1);
    expect(efacturaDeadlineNear("2026-11-26", "2026-12-02")).toBe(false);
    expect(efacturaDeadlineNear("2026-11-26", "2026-12-03")).toBe(true);
  });

  it("words the flag", () => {
    expect(efacturaDeadlineText(4)).toBe("Termen e-Factura: mai sunt 4 zile lucrătoare");
    expect(efacturaDeadlineText(1)).toBe("Termen e-Factura: mai este o zi lucrătoare");
    expect(efacturaDeadlineText(0)).toBe("Termen e-Factura: astăzi");
    expect(efacturaDeadlineText(-2)).toBe("Termen e-Factura depășit cu 2 zile lucrătoare");
  });
});
