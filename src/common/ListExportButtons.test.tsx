/** The two export buttons tell their formats apart by icon too: on a phone the icon is all a button shows. */
import { screen } from "@testing-library/react";
import { ListContextProvider } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { ListExportButtons } from "./ListExportButtons";

describe("the list's export buttons", () => {
  it("give CSV and XLSX each its own icon and label", () => {
    const list = { filterValues: {}, sort: { field: "id", order: "ASC" } } as never;
    renderWithAdmin(
      <ListContextProvider value={list}>
        <ListExportButtons resource="customers" filename="clienti" errorKey="resources.customers.exportError" />
      </ListContextProvider>,
    );
    const icon = (name: string) => screen.getByRole("button", { name }).querySelector("svg")?.getAttribute("data-testid");
    expect(icon("Export CSV")).toBeTruthy();
    expect(icon("Export XLSX")).toBeTruthy();
    expect(icon("Export CSV")).not.toBe(icon("Export XLSX"));
  });
});
