import { describe, expect, it } from "vitest";
import { ro } from "../../i18n/ro";
import { sendFailure, sendOutcome } from "./sendResultText";

/** The app's Romanian messages with polyglot's %{name} placeholders. */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ro) as string;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name] ?? ""));
};
const invoice = {} as never;

describe("send outcome texts", () => {
  it("says success with the number and the series when SmartBill gave them", () => {
    const result = { importResult: { errorText: "", message: "Factura a fost emisă", number: "0042", series: "SBL", url: "" }, invoice };
    expect(sendOutcome(result, translate)).toEqual({ kind: "success", text: "Succes: Factura a fost emisă - Număr: 0042 - Serie: SBL" });
    const draft = { importResult: { errorText: "", message: "", number: "", series: "SBL", url: "" }, invoice };
    expect(sendOutcome(draft, translate).text).toBe("Succes:  - Serie: SBL");
  });

  it("says the plain success without a result body", () => {
    expect(sendOutcome(null, translate)).toEqual({ kind: "success", text: "Factura a fost trimisă cu succes!" });
  });

  it("shows SmartBill's refusal with its line-break tags as spaces", () => {
    const result = { importResult: { errorText: "Cota tva nu a fost gasita!<br/>Verificati<BR>setarile", message: "", number: "", series: "", url: "" }, invoice };
    expect(sendOutcome(result, translate)).toEqual({ kind: "refused", text: "SmartBill a refuzat factura: Cota tva nu a fost gasita! Verificati setarile" });
  });

  it("follows the generic failure with the server's message", () => {
    expect(sendFailure("SmartBill nu a răspuns.", translate).text).toBe("Eroare la trimiterea facturii. SmartBill nu a răspuns.");
    expect(sendFailure(undefined, translate).text).toBe("Eroare la trimiterea facturii.");
  });
});
