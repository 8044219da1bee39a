/**
 * The tenant the signed-in user acts on (the one every API call names in X-Tenant-ID) and the
 * user's own, as React state: re-renders when either changes, in this tab or another.
 */
import { useSyncExternalStore } from "react";
import type { TenantRef } from "../../contract/api";
import { session } from "../providers/session";

export interface ActingTenant {
  tenant: TenantRef;
  own: TenantRef;
  /** True when a super-admin acts on a tenant other than their own. */
  isChosen: boolean;
}

let cachedKey = "";
let cachedValue: ActingTenant | null = null;

function snapshot(): ActingTenant | null {
  const current = session.get();
  const tenant = session.actingTenant(current);
  const key = current && tenant ? JSON.stringify([tenant, current.tenant]) : "";
  if (key !== cachedKey) {
    cachedKey = key;
    cachedValue =
      current && tenant ? { tenant, own: current.tenant, isChosen: tenant.id !== current.tenant.id } : null;
  }
  return cachedValue;
}

function subscribe(onChange: () => void): () => void {
  const stopSession = session.subscribe(onChange);
  const stopChoice = session.subscribeTenantChoice(onChange);
  return () => {
    stopSession();
    stopChoice();
  };
}

export function useActingTenant(): ActingTenant | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
