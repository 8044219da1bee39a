/**
 * A role as people read it, in the interface's language: its name (roles.names, from
 * contract/roles.ts ROLE_NAMES) and its one-line description. A code this version does not know
 * is shown as it is rather than hidden.
 */
import { useTranslate } from "react-admin";

export function useRoleText() {
  const translate = useTranslate();
  return {
    name: (role: string) => translate(`roles.names.${role}`, { _: role }),
    description: (role: string) => translate(`roles.descriptions.${role}`, { _: "" }),
  };
}
