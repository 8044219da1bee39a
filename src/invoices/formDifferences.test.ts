import type { InvoiceForm } from "../../contract/api";
import { mergeForms } from "./formDifferences";

const base: InvoiceForm = {
  clientId: 1, warehouseId: null, issueDate: "2026-11-26", dueDays: 14, useStock: false, mentions: "", observations: "",
  draft: false, saveToDb: false, seriesName: "SBL", currency: "RON", language: "RO", precision: 2,
};

describe("keeping this tab's changes over another tab's", () => {
  it("keeps the fields changed here, takes the fields changed only there, and names the fields both changed", () => {
    const mine = { ...base, mentions: "De aici", dueDays: 30 };
    const theirs = { ...base, mentions: "Din alt tab", observations: "Livrare luni" };
    const { merged, clashes, taken } = mergeForms(base, mine, theirs);
    expect(merged).toEqual({ ...base, mentions: "De aici", dueDays: 30, observations: "Livrare luni" });
    expect(clashes).toEqual(["mentions"]);
    expect(taken).toEqual(["observations"]);
  });

  it("sees no clash where both tabs wrote the same value", () => {
    const same = { ...base, currency: "EUR" };
    expect(mergeForms(base, same, same)).toEqual({ merged: same, clashes: [], taken: [] });
  });
});
