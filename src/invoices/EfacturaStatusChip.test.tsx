/**
 * The e-Factura chip: each SPV status in its words and colour, ANAF's error in a rejection's
 * tooltip, the deadline flag (no SPV message and 2 working days or fewer left, or passed), and
 * '—' (or nothing, when quiet) otherwise; a proforma (null) shows nothing.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InvoiceEfactura } from "../../contract/efactura";
import { EfacturaStatusChip } from "./EfacturaStatusChip";

const none: InvoiceEfactura = { status: null, error: null, messageAt: null, archived: false, deadline: null, workingDaysLeft: null };
const chip = () => screen.getByTestId("efactura-status");

describe("the e-Factura status chip", () => {
  it("names each SPV status in its colour", () => {
    const { rerender } = render(<EfacturaStatusChip efactura={{ ...none, status: "sent" }} />);
    expect(chip()).toHaveTextContent("Trimisă la ANAF");
    expect(chip()).toHaveClass("MuiChip-colorInfo");
    rerender(<EfacturaStatusChip efactura={{ ...none, status: "validated", archived: true }} />);
    expect(chip()).toHaveTextContent("Validată");
    expect(chip()).toHaveClass("MuiChip-colorSuccess");
    rerender(<EfacturaStatusChip efactura={{ ...none, status: "rejected", error: "[BR-RO-100] Factura SBL0004: Subdiviziunea țării" }} />);
    expect(chip()).toHaveTextContent("Respinsă");
    expect(chip()).toHaveClass("MuiChip-colorError");
  });

  it("shows ANAF's error of a rejection in its tooltip", async () => {
    render(<EfacturaStatusChip efactura={{ ...none, status: "rejected", error: "[BR-RO-100] Factura SBL0004: Subdiviziunea țării" }} />);
    await userEvent.hover(chip());
    expect(await screen.findByRole("tooltip", {}, { timeout: 5_000 })).toHaveTextContent("[BR-RO-100] Factura SBL0004: Subdiviziunea țării");
  });

  it("flags an invoice with no SPV message whose deadline is near or passed", () => {
    const { rerender } = render(<EfacturaStatusChip efactura={{ ...none, deadline: "2026-12-07", workingDaysLeft: 2 }} />);
    expect(chip()).toHaveTextContent("Termen e-Factura: mai sunt 2 zile lucrătoare");
    expect(chip()).toHaveClass("MuiChip-colorWarning");
    rerender(<EfacturaStatusChip efactura={{ ...none, deadline: "2026-12-07", workingDaysLeft: 1 }} />);
    expect(chip()).toHaveTextContent("Termen e-Factura: mai este o zi lucrătoare");
    rerender(<EfacturaStatusChip efactura={{ ...none, deadline: "2026-12-07", workingDaysLeft: 0 }} />);
    expect(chip()).toHaveTextContent("Termen e-Factura: astăzi");
    rerender(<EfacturaStatusChip efactura={{ ...none, deadline: "2026-11-27", workingDaysLeft: -2 }} />);
    expect(chip()).toHaveTextContent("Termen e-Factura depășit cu 2 zile lucrătoare");
  });

  it("shows '—' when there is neither a status nor a near deadline, nothing when quiet or for a proforma", () => {
    const { rerender, container } = render(<EfacturaStatusChip efactura={{ ...none, deadline: "2026-12-09", workingDaysLeft: 4 }} />);
    expect(chip()).toHaveTextContent("—");
    expect(container.querySelector(".MuiChip-root")).toBeNull();
    rerender(<EfacturaStatusChip efactura={none} />);
    expect(chip()).toHaveTextContent("—");
    rerender(<EfacturaStatusChip efactura={none} quiet />);
    expect(screen.queryByTestId("efactura-status")).toBeNull();
    rerender(<EfacturaStatusChip efactura={null} />);
    expect(screen.queryByTestId("efactura-status")).toBeNull();
    // The status wins over any deadline.
    rerender(<EfacturaStatusChip efactura={{ ...none, status: "validated", deadline: "2026-12-07", workingDaysLeft: 0 }} quiet />);
    expect(chip()).toHaveTextContent("Validată");
  });
});
