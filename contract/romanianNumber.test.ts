/** The one reader of typed amounts: what it accepts, what it refuses and why, and what it writes back. */
import { parseRomanianNumber, romanianInputText } from "./romanianNumber";

describe("parseRomanianNumber", () => {
  it.each([
    ["5.000,00", 5000, 2],
    ["5000,5", 5000.5, 1],
    ["5000.50", 5000.5, 2],
    ["5 000,00", 5000, 2],
    ["5\u00a0000,00", 5000, 2],
    ["5\u202f000,00", 5000, 2],
    ["1.234.567,89", 1234567.89, 2],
    ["1.234.567", 1234567, 0],
    ["1,234.56", 1234.56, 2],
    ["12,345", 12.345, 3],
    ["0.500", 0.5, 3],
    ["1234.567", 1234.567, 3],
    ["150", 150, 0],
    ["  42  ", 42, 0],
    ["0,75", 0.75, 2],
    [",5", 0.5, 1],
    ["5,", 5, 0],
    ["-2,5", -2.5, 1],
    ["- 3", -3, 0],
    ["+7", 7, 0],
    ["-0", 0, 0],
  ])("reads %j as %d (%d decimals)", (typed, value, decimals) => {
    expect(parseRomanianNumber(typed)).toEqual({ ok: true, value, decimals });
  });

  it.each([["5.000"], ["12.345"], ["999.999"], ["-5.000"]])("refuses %j as ambiguous: five thousand or five", (typed) => {
    expect(parseRomanianNumber(typed)).toEqual({ ok: false, problem: "ambiguous" });
  });

  it.each([[""], ["   "]])("calls %j empty", (typed) => {
    expect(parseRomanianNumber(typed)).toEqual({ ok: false, problem: "empty" });
  });

  it.each([
    ["abc"],
    ["12a"],
    ["1e5"],
    ["1,2,3"],
    ["5.00,00"],
    ["50.00.000"],
    ["1,234,567"],
    ["5 00,00"],
    ["5 000 ,00"],
    ["5 000,0 0"],
    [","],
    ["."],
    ["--5"],
    ["5-"],
    ["1.234,5.6"],
    ["٣"],
    ["Infinity"],
  ])("refuses %j as malformed", (typed) => {
    expect(parseRomanianNumber(typed)).toEqual({ ok: false, problem: "malformed" });
  });

  it("writes amounts back as the screens show them, and reads them back unchanged", () => {
    for (const [value, minDecimals, text] of [
      [5000, 2, "5.000,00"],
      [3499.9, 2, "3.499,90"],
      [1234, 0, "1234"],
      [2.5, 0, "2,5"],
      [0.001, 0, "0,001"],
    ] as const) {
      expect(romanianInputText(value, minDecimals)).toBe(text);
      expect(parseRomanianNumber(text)).toMatchObject({ ok: true, value });
    }
    expect(romanianInputText(null)).toBe("");
  });
});
