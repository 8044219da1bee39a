/**
 * The audit log's actions as the screen names them. An action of contract/auditActions.ts has
 * its name in the language files (`audit.actions.*`); a plain resource's (`<resource>.create`…)
 * is named from the verb (`audit.verbs.*`) and the resource's own name (`resources.<name>.name`),
 * as the server's export names it, so a new resource needs no line here. The filter offers every
 * action the server knows (GET /api/audit/actions).
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider, useTranslate } from "react-admin";
import { AUDIT_ACTIONS, plainAuditAction, plainAuditActionName } from "../../contract/auditActions";
import type { AppDataProvider } from "../providers/customMethods";

/** What translate answers for an action the language files do not name. */
const UNNAMED = "\u0000";

/** A function naming an action in the interface's language; an action it cannot name stays as it is. */
export function useAuditActionName(): (action: string) => string {
  const translate = useTranslate();
  return (action) => {
    const named = translate(`audit.actions.${action}`, { _: UNNAMED });
    if (named !== UNNAMED) return named;
    const plain = plainAuditAction(action);
    return plain ? plainAuditActionName(translate(`audit.verbs.${plain.verb}`), translate(`resources.${plain.resource}.name`)) : action;
  };
}

/** The filter's choices, named; contract's actions until the server's list arrives. */
export function useAuditActionChoices(): { id: string; name: string }[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const name = useAuditActionName();
  const { data } = useQuery({
    queryKey: ["audit", "actions"],
    queryFn: ({ signal }) => dataProvider.auditActions(signal),
    staleTime: Infinity,
    retry: false,
  });
  return (data?.actions ?? AUDIT_ACTIONS).map((action) => ({ id: action, name: name(action) }));
}
