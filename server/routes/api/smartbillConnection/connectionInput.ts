/**
 * The connection form as the routes read it: every field checked before anything is saved or
 * sent, every problem named in one answer. The token field shows the stored token masked, so
 * the mask sent back means "keep the stored token"; nothing else ever stands for it.
 */
import type { SmartBillConnectionInput } from "../../../../contract/api";
import { maskValue } from "../../../../contract/maskSecret";
import { HttpError } from "../../../errors";
import { smartBillConnectionInvalid, smartBillConnectionMessages, smartBillUrlRule } from "../../../messages";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import type { ConnectionBody } from "../../../../contract/schemas/smartbillConnection";

/** A Romanian CIF as SmartBill keys a company: 2 to 10 digits, optionally after RO. */
const CIF_PATTERN = /^(RO)?\d{2,10}$/;

/**
 * The settings to use, trimmed, with the stored token in place of its mask; a 400 naming every
 * wrong field otherwise. `action` says, in the message, what did not happen.
 */
export function connectionInput(
  body: ConnectionBody,
  storedToken: string,
  smartBillUrls: SmartBillUrlPolicy,
  action: "save" | "test",
): SmartBillConnectionInput {
  const text = (field: keyof SmartBillConnectionInput) => body[field]?.trim() ?? "";
  const input = { username: text("username"), token: text("token"), cif: text("cif"), url: text("url") };
  if (storedToken && input.token === maskValue(storedToken)) input.token = storedToken;

  const errors: Record<string, string> = {};
  if (!input.username) errors.username = smartBillConnectionMessages.usernameRequired;
  if (!input.token) errors.token = smartBillConnectionMessages.tokenRequired;
  if (!input.cif) errors.cif = smartBillConnectionMessages.cifRequired;
  else if (!CIF_PATTERN.test(input.cif)) errors.cif = smartBillConnectionMessages.cifInvalid;
  if (!input.url) errors.url = smartBillConnectionMessages.urlRequired;
  else if (!smartBillUrls.allowsBaseUrl(input.url)) errors.url = smartBillUrlRule(smartBillUrls.allowed());

  const problems = Object.values(errors);
  if (problems.length > 0) throw new HttpError(400, smartBillConnectionInvalid(action, problems), errors);
  return input;
}
