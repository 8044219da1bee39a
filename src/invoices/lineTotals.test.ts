import { describe, expect, it } from "vitest";
import { formatAmount, lineTotals } from "./lineTotals";

const line = (quantity: number, price: number, taxPercentage = 21, currency = "RON") => ({ quantity, price, taxPercentage, currency });

describe("lineTotals", () => {
  it("sums net, VAT and gross per currency", () => {
    expect(lineTotals([line(2, 10), line(1, 5.5, 11), line(3, 1, 21, "EUR")], 2)).toEqual([
      { currency: "RON", net: 25.5, vat: 4.81, gross: 30.31 },
      { currency: "EUR", net: 3, vat: 0.63, gross: 3.63 },
    ]);
  });

  it("rounds each line to the invoice's precision before adding", () => {
    // 3 × 0.335 = 1.005 → 1.01 (not 1.00 from binary 1.00499…); its VAT 0.2121 → 0.21
    expect(lineTotals([line(3, 0.335)], 2)).toEqual([{ currency: "RON", net: 1.01, vat: 0.21, gross: 1.22 }]);
    expect(lineTotals([line(3, 0.3333)], 4)).toEqual([{ currency: "RON", net: 0.9999, vat: 0.21, gross: 1.2099 }]);
  });

  it("is empty without lines and writes amounts the Romanian way", () => {
    expect(lineTotals([], 2)).toEqual([]);
    expect(formatAmount(1234.5, 2)).toBe("1.234,50");
  });
});
