import { screen } from "@testing-library/react";
import { RecordContextProvider } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { formatRoDate, RoDateField } from "./RoDateField";

describe("RoDateField", () => {
  it("formats dates the Romanian way", () => {
    expect(formatRoDate("2026-03-09T10:00:00Z")).toBe("09.03.2026");
  });

  it("reads Romania's calendar and clock whatever the browser's zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York"; // Node reads TZ afresh when it changes
    try {
      expect(formatRoDate("2026-11-26T23:30:00Z")).toBe("27.11.2026");
      expect(formatRoDate("2026-11-26T10:00:05Z", true)).toBe("26.11.2026, 12:00:05");
      expect(formatRoDate("2026-11-26")).toBe("26.11.2026"); // a day stays that day
    } finally {
      process.env.TZ = zone;
    }
  });

  it("shows — when the record has no date", async () => {
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, createdAt: null }}>
        <RoDateField source="createdAt" />
      </RecordContextProvider>,
    );
    expect(await screen.findByText("—")).toBeInTheDocument();
  });
});
