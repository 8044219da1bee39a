/**
 * Every sentence has one home: a sentence the server sends and the client also shows lives in
 * contract/ (messages.ts, customerHeaders.ts, auditActions.ts) and both sides read it from there. A sentence
 * written out in both server/messages.ts and i18n/ro.ts would drift apart with the first edit of
 * one of them; this finds any that is not one of contract's.
 */
import { AUDIT_ACTION_NAMES, AUDIT_COLUMN_NAMES, AUDIT_LOG_NAME } from "../../contract/auditActions";
import { CUSTOMER_HEADERS } from "../../contract/customerHeaders";
import { CUSTOMER_ROW_MESSAGES, LINE_ROW_MESSAGES, SHARED_MESSAGES } from "../../contract/messages";
import { STATEMENT_WORDS } from "../../contract/statementWords";
import { ro } from "../../i18n/ro";
import * as serverWords from "../../server/messages";

function stringsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") found.add(value);
  else if (value && typeof value === "object") for (const inner of Object.values(value)) stringsIn(inner, found);
  return found;
}

/** Words too short to be a sentence: a column name or a button may rightly be the same word on both sides. */
const isSentence = (text: string) => text.trim().split(/\s+/).length >= 3;

describe("the product's words", () => {
  it("keeps each sentence shown by both server and client in contract/, not written twice", () => {
    const shared = new Set([
      ...Object.values(SHARED_MESSAGES),
      ...Object.values(LINE_ROW_MESSAGES).filter((text) => typeof text === "string"),
      ...Object.values(CUSTOMER_ROW_MESSAGES).filter((text) => typeof text === "string"),
      ...Object.values(CUSTOMER_HEADERS),
      ...Object.values(AUDIT_COLUMN_NAMES),
      ...Object.values(AUDIT_ACTION_NAMES),
      AUDIT_LOG_NAME,
      ...stringsIn(STATEMENT_WORDS),
    ]);
    const client = stringsIn(ro);
    const twice = [...stringsIn(serverWords)].filter((text) => isSentence(text) && client.has(text) && !shared.has(text));
    expect(twice).toEqual([]);
  });

  it("shows contract's sentences in the client word for word", () => {
    const client = stringsIn(ro);
    expect(Object.values(SHARED_MESSAGES).filter((text) => !client.has(text))).toEqual([]);
    expect(Object.values(CUSTOMER_HEADERS).filter((text) => !client.has(text))).toEqual([]);
  });
});
