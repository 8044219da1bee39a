/** When 'Transformă în factură' is offered: a proforma sent with a number, not cancelled nor deleted, with no invoice yet. */
import { canBecomeInvoice } from "./ProformaToInvoice";

const sent = {
  status: "sent" as const,
  sentNumber: "0003",
  cancelled: false,
  deletedFromSmartBill: false,
  invoiceId: null,
  invoicedAs: null,
};

describe("'Transformă în factură' is offered", () => {
  it("on a sent proforma with a number and no invoice yet", () => {
    expect(canBecomeInvoice(sent)).toBe(true);
  });

  it("not before the send, nor on a SmartBill draft without a number", () => {
    expect(canBecomeInvoice({ ...sent, status: "draft", sentNumber: null })).toBe(false);
    expect(canBecomeInvoice({ ...sent, status: "unclear" })).toBe(false);
    expect(canBecomeInvoice({ ...sent, sentNumber: null })).toBe(false);
  });

  it("not on a cancelled or deleted proforma", () => {
    expect(canBecomeInvoice({ ...sent, cancelled: true })).toBe(false);
    expect(canBecomeInvoice({ ...sent, deletedFromSmartBill: true })).toBe(false);
  });

  it("not once it became an invoice, whether ours or only read back from SmartBill", () => {
    expect(canBecomeInvoice({ ...sent, invoiceId: 12 })).toBe(false);
    expect(canBecomeInvoice({ ...sent, invoicedAs: { series: "FCT", number: "0012" } })).toBe(false);
  });
});
