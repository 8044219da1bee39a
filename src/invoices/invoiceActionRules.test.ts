/** Which of a sent invoice's actions apply, and why not. */
import type { Invoice } from "../../contract/api";
import { type InvoiceAction, invoiceActionRules, paymentDeleteRule } from "./invoiceActionRules";

type Facts = Parameters<typeof invoiceActionRules>[0];
const issued: Facts = {
  status: "sent",
  sentNumber: "12",
  cancelled: false,
  deletedFromSmartBill: false,
  reversalOfId: null,
  reversedById: null,
  payment: null,
};
const payment = (status: "unpaid" | "partial" | "paid"): Invoice["payment"] => ({
  total: 100,
  paid: status === "paid" ? 100 : status === "partial" ? 40 : 0,
  unpaid: status === "paid" ? 0 : status === "partial" ? 60 : 100,
  status,
  checkedAt: "2026-11-24T10:00:00.000Z",
});

function enabled(facts: Facts): InvoiceAction[] {
  return Object.entries(invoiceActionRules(facts))
    .filter(([, rule]) => rule.enabled)
    .map(([action]) => action as InvoiceAction);
}
const why = (facts: Facts, action: InvoiceAction) => {
  const rule = invoiceActionRules(facts)[action];
  return rule.enabled ? undefined : rule.why;
};

describe("a sent invoice's actions", () => {
  it("are all open on an issued invoice but 'Restaurează', which only a cancelled one takes", () => {
    expect(enabled(issued)).toEqual(["pdf", "email", "payment", "paymentStatus", "cancel", "reverse", "delete"]);
    expect(why(issued, "restore")).toBe("notCancelled");
  });

  it("on a cancelled invoice are restore, read (PDF, e-mail, status) and delete; no payment, cancel or storno", () => {
    const cancelled = { ...issued, cancelled: true };
    expect(enabled(cancelled)).toEqual(["pdf", "email", "paymentStatus", "restore", "delete"]);
    expect(why(cancelled, "reverse")).toBe("cancelled");
    expect(why(cancelled, "cancel")).toBe("alreadyCancelled");
  });

  it("are none once it is deleted from SmartBill, nor on a request not sent, nor on a SmartBill draft (with the reason)", () => {
    expect(enabled({ ...issued, deletedFromSmartBill: true })).toEqual([]);
    expect(why({ ...issued, deletedFromSmartBill: true }, "pdf")).toBe("deleted");
    expect(enabled({ ...issued, status: "draft", sentNumber: null })).toEqual([]);
    expect(why({ ...issued, sentNumber: "" }, "pdf")).toBe("draft");
    expect(paymentDeleteRule({ ...issued, deletedFromSmartBill: true })).toEqual({ enabled: false, why: "deleted" });
    expect(paymentDeleteRule(issued)).toEqual({ enabled: true });
  });

  it("never reverse a storno or an invoice already reversed, and take no payment on a storno", () => {
    expect(why({ ...issued, reversalOfId: 3 }, "reverse")).toBe("isStorno");
    expect(why({ ...issued, reversalOfId: 3 }, "payment")).toBe("stornoNoPayment");
    expect(why({ ...issued, reversedById: 4 }, "reverse")).toBe("alreadyReversed");
    expect(enabled({ ...issued, reversedById: 4 })).toContain("payment");
  });

  it("take a payment while something is left to pay, as SmartBill last said", () => {
    expect(why({ ...issued, payment: payment("unpaid") }, "payment")).toBeUndefined();
    expect(why({ ...issued, payment: payment("partial") }, "payment")).toBeUndefined();
    expect(why({ ...issued, payment: payment("paid") }, "payment")).toBe("paid");
  });
});
