import { describe, expect, it } from "vitest";
import type { Invoice, SmartBillImportResult } from "../../contract/api";
import { ro } from "../../i18n/ro";
import { sendFailure, sendOutcome, sentNote } from "./sendResultText";

/** The app's Romanian messages with polyglot's %{name} placeholders. */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ro) as string;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name] ?? ""));
};
const answered = (parts: Partial<SmartBillImportResult>, invoice: Partial<Invoice> = { draft: false }) => ({
  importResult: { errorText: "", message: "", number: "", series: "", url: "", ...parts },
  invoice: invoice as Invoice,
});
/** What no text may ever read: a label with nothing after it, or a doubled space. */
const HOLES = /: -|:\s*$| {2}|numărul \.|Număr: (-|$)|Serie: (-|$)/;

describe("send outcome texts", () => {
  it("says success with SmartBill's message, the number and the series", () => {
    const text = sendOutcome(answered({ message: "Factura a fost emisă", number: "0042", series: "SBL" }), translate).text;
    expect(text).toBe("Succes: Factura a fost emisă - Număr: 0042 - Serie: SBL");
  });

  it("says what happened when SmartBill's message is empty, instead of 'Succes:  - …'", () => {
    const outcome = sendOutcome(answered({ number: "0042", series: "SBL" }), translate);
    expect(outcome).toEqual({ kind: "success", text: "Succes: factura a fost emisă în SmartBill - Număr: 0042 - Serie: SBL" });
    expect(outcome.text).not.toMatch(HOLES);
  });

  it("leaves out the parts SmartBill did not return", () => {
    expect(sendOutcome(answered({ message: "Factura a fost emisă", number: "0042" }), translate).text).toBe(
      "Succes: Factura a fost emisă - Număr: 0042",
    );
    // A final invoice answered without a number (SmartBill never does so): no empty 'Număr'.
    const unnumbered = sendOutcome(answered({ series: "SBL" }), translate).text;
    expect(unnumbered).toBe("Succes: factura a fost emisă în SmartBill - Serie: SBL");
    expect(unnumbered).not.toMatch(HOLES);
  });

  it("says a draft was saved as a draft in SmartBill, not fiscal, to be issued with 'Emite factura'", () => {
    const draft = sendOutcome(answered({ series: "SBL" }, { draft: true }), translate);
    expect(draft).toEqual({
      kind: "success",
      text: "Factura a fost salvată ca ciornă în SmartBill, în seria SBL: fără număr, nefiscală. O emiteți cu „Emite factura”.",
    });
    expect(sendOutcome(answered({}, { draft: true }), translate).text).toBe(
      "Factura a fost salvată ca ciornă în SmartBill: fără număr, nefiscală. O emiteți cu „Emite factura”.",
    );
    expect(sendOutcome(answered({ message: "Ciorna a fost salvata", series: "SBL" }, { draft: true }), translate).text).toBe(
      "Succes: Ciorna a fost salvata - Factura a fost salvată ca ciornă în SmartBill, în seria SBL: fără număr, nefiscală. " +
        "O emiteți cu „Emite factura”.",
    );
    expect(draft.text).not.toMatch(HOLES);
  });

  it("says the plain success without a result body", () => {
    expect(sendOutcome(null, translate)).toEqual({ kind: "success", text: "Factura a fost trimisă cu succes!" });
  });

  it("shows SmartBill's refusal with its line-break tags as spaces", () => {
    const result = answered({ errorText: "Cota tva nu a fost gasita!<br/>Verificati<BR>setarile" });
    expect(sendOutcome(result, translate)).toEqual({ kind: "refused", text: "SmartBill a refuzat factura: Cota tva nu a fost gasita! Verificati setarile" });
  });

  it("follows the generic failure with the server's message", () => {
    expect(sendFailure("SmartBill nu a răspuns.", translate).text).toBe("Eroare la trimiterea facturii. SmartBill nu a răspuns.");
    expect(sendFailure(undefined, translate).text).toBe("Eroare la trimiterea facturii.");
  });
});

describe("the note over a sent invoice", () => {
  it("names the series and the number SmartBill issued it with", () => {
    expect(sentNote({ sentSeries: "SBL", sentNumber: "0042" }, translate)).toBe(
      "Factura a fost trimisă în SmartBill: seria SBL, numărul 0042. Nu mai poate fi modificată.",
    );
  });

  it("says a sent draft waits in SmartBill without a number, never 'numărul .'", () => {
    const note = sentNote({ sentSeries: "SBL", sentNumber: "" }, translate);
    expect(note).toBe(
      "Factura a fost salvată ca ciornă în SmartBill, în seria SBL, fără număr și nefiscală: primește număr când o emiteți cu „Emite factura”. " +
        "Aici nu mai poate fi modificată.",
    );
    expect(note).not.toMatch(HOLES);
    expect(sentNote({ sentSeries: null, sentNumber: null }, translate)).toBe(
      "Factura a fost salvată ca ciornă în SmartBill, fără număr și nefiscală: primește număr când o emiteți cu „Emite factura”. " +
        "Aici nu mai poate fi modificată.",
    );
  });
});
