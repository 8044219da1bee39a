/** The stored user as React state: re-renders when it changes, in this tab or another. */
import { useSyncExternalStore } from "react";
import { session, type StoredSession } from "../providers/session";

let cachedRaw: string | null = null;
let cachedValue: StoredSession | null = null;

function snapshot(): StoredSession | null {
  const value = session.get();
  const raw = value ? JSON.stringify(value) : null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = value;
  }
  return cachedValue;
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore((onChange) => session.subscribe(onChange), snapshot, snapshot);
}
