import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ErrorPanel } from "./ErrorPanel";

describe("the crash panel", () => {
  it("says 'Ceva nu a funcționat.' with the error text and a collapsible stack trace", async () => {
    const error = new Error("boom at line 3");
    render(<ErrorPanel error={error} />);
    expect(screen.getByText("Ceva nu a funcționat.")).toBeInTheDocument();
    expect(screen.getByText("boom at line 3")).toBeInTheDocument();
    const toggle = await screen.findByRole("button", { name: "Detalii tehnice" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/boom at line 3\s+at /)).toBeVisible();
  });
});
