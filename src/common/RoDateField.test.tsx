import { screen } from "@testing-library/react";
import { RecordContextProvider } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { formatRoDate, RoDateField } from "./RoDateField";

describe("RoDateField", () => {
  it("formats dates the Romanian way", () => {
    expect(formatRoDate("2026-03-09T10:00:00Z")).toBe("09.03.2026");
  });

  it("shows N/A when the record has no date", async () => {
    renderWithAdmin(
      <RecordContextProvider value={{ id: 1, createdAt: null }}>
        <RoDateField source="createdAt" />
      </RecordContextProvider>,
    );
    expect(await screen.findByText("N/A")).toBeInTheDocument();
  });
});
