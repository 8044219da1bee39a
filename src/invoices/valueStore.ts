/**
 * A value outside React that components read with useSyncExternalStore: a change re-renders only
 * the components reading it, and only when what they select from it changed. The edit screen keeps
 * its save state and the form's last values here, so a keystroke does not re-render the screen.
 */
import { useCallback, useSyncExternalStore } from "react";

export class ValueStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  get = (): T => this.value;

  set(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const whole = <T,>(value: T) => value;

/** The store's value, or the part `select` picks (a primitive, so equal parts do not re-render). */
export function useStoreValue<T, S = T>(store: ValueStore<T>, select: (value: T) => S = whole as (value: T) => S): S {
  const snapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
