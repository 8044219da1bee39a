/**
 * The actions the audit log knows and their names in the export: contract/auditActions.ts's,
 * and each plain tenant resource's (`<resource>.create|update|delete`), named from the verb and
 * the resource's own name in the Romanian words (i18n/ro.ts `resources.<name>.name`), the same
 * name the screen shows.
 */
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  PLAIN_AUDIT_VERB_NAMES,
  plainAuditAction,
  plainAuditActionName,
} from "../../../../contract/auditActions";
import { ro } from "../../../../i18n/ro";
import { plainResources } from "../routeFolders";

const RESOURCE_WORDS: Readonly<Record<string, { name?: string }>> = ro.resources;

/** Every action a row may hold, in the order the filter offers them. */
export async function auditActions(): Promise<string[]> {
  const plain = (await plainResources()).flatMap((resource) => resource.auditActions);
  return [...AUDIT_ACTIONS, ...plain];
}

/** An action as the export names it; an action this version does not know stays as it is. */
export function auditActionName(action: string): string {
  if (Object.hasOwn(AUDIT_ACTION_NAMES, action)) return AUDIT_ACTION_NAMES[action as keyof typeof AUDIT_ACTION_NAMES];
  const plain = plainAuditAction(action);
  const words = plain && RESOURCE_WORDS[plain.resource]?.name;
  return plain && words ? plainAuditActionName(PLAIN_AUDIT_VERB_NAMES[plain.verb], words) : action;
}
