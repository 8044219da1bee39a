/**
 * How `npm run replay:postman` judges an answer (scripts/postmanReplay/classifyAnswer.ts): a route
 * the emulator lacks is missing, a vendor request refused for its shape is broken, SmartBill's own
 * refusal is refused, and the totals line counts each.
 */
import { describe, expect, it } from "vitest";
import { classifyAnswer, totalsLine } from "../../scripts/postmanReplay/classifyAnswer";
import { tomcatPage } from "../../server/smartbill/emulator/answers";

const json = (status: number, body: unknown) => ({ status, contentType: "application/json", body: JSON.stringify(body) });

describe("the Postman replay's judgement of an answer", () => {
  it("counts the emulator's 404 page as missing", () => {
    expect(classifyAnswer({ status: 404, contentType: "text/html;charset=utf-8", body: tomcatPage(404, "Not Found") })).toEqual({
      verdict: "missing",
      reason: "404: no such route",
    });
  });

  it("counts a json_mapping_error, a 415 and a 405 as broken, with the mapping's message", () => {
    const mapping = json(400, {
      status: 400,
      type: "invalid_request_error",
      instance: "/SBORO/api/payment",
      errors: [{ code: "json_mapping_error", message: "Unrecognized property: receivedCash.", param: "receivedCash" }],
    });
    expect(classifyAnswer(mapping)).toEqual({ verdict: "broken", reason: "400 json_mapping_error: Unrecognized property: receivedCash." });
    const mediaType = json(415, { status: 415, type: "invalid_request_error", errors: [{ code: "invalid_content_type", message: "Content-Type is missing." }] });
    expect(classifyAnswer(mediaType).verdict).toBe("broken");
    const verb = json(405, { status: 405, type: "invalid_request_error", errors: [{ code: "method_not_allowed", message: "Request method 'PUT' is not supported." }] });
    expect(classifyAnswer(verb).verdict).toBe("broken");
  });

  it("counts SmartBill's refusals as refused with their text (up to the first tag), a 404 errorText included", () => {
    const tax = json(400, { errorText: "Cota tva a produsului Produs 1 nu a fost gasita pe server!", message: "" });
    expect(classifyAnswer(tax)).toEqual({ verdict: "refused", reason: "400 Cota tva a produsului Produs 1 nu a fost gasita pe server!" });
    const type = json(404, { errorText: "Tipul documentului nu a fost gasit pe server!" });
    expect(classifyAnswer(type).verdict).toBe("refused");
    const stock = json(400, { errorText: "Cantitate stoc insuficienta.<br/>Mai mult" });
    expect(classifyAnswer(stock).reason).toBe("400 Cantitate stoc insuficienta.");
    const mail = json(400, { status: { code: 1, message: "Documentul nu a fost gasit" } });
    expect(classifyAnswer(mail)).toEqual({ verdict: "refused", reason: "400 Documentul nu a fost gasit" });
    expect(classifyAnswer({ status: 502, contentType: "text/html", body: "<html>502 Bad Gateway</html>" }).verdict).toBe("refused");
  });

  it("counts a 2xx with an empty errorText, /document/send's code 0 and a PDF as ok", () => {
    expect(classifyAnswer(json(200, { errorText: "", number: "0001" })).verdict).toBe("ok");
    expect(classifyAnswer(json(200, { status: { code: 0, message: "Documentul a fost trimis cu succes." } })).verdict).toBe("ok");
    expect(classifyAnswer({ status: 200, contentType: "application/octet-stream", body: "%PDF-1.7 …" }).verdict).toBe("ok");
  });

  it("prints the totals in the order ok, refused, missing, broken", () => {
    expect(totalsLine(["ok", "missing", "ok", "broken", "refused", "missing"])).toBe("2 ok, 1 refused, 2 missing, 1 broken");
  });
});
