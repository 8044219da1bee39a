/**
 * The AutoSaver (autoSaver.ts) for a React screen: its state in a store (valueStore.ts) that only
 * the components showing it read, so marking a keystroke 'Modificări nesalvate' re-renders the
 * mark and not the form; retries when the browser comes back online, a warning before the page
 * is left with unsaved changes, and a last save when the screen goes away (in-app navigation), so
 * no edit is lost.
 */
import { useEffect, useRef, useState } from "react";
import { AutoSaver, type SaveState } from "./autoSaver";
import { ValueStore } from "./valueStore";

export function useAutoSave<T>(save: (value: T) => Promise<void>) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saveState] = useState(() => new ValueStore<SaveState>({ status: "saved", saving: false, error: null }));
  const [saver] = useState(() => new AutoSaver<T>((value) => saveRef.current(value), { onState: (state) => saveState.set(state) }));

  useEffect(() => {
    saver.start();
    const online = () => saver.online();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges) return;
      event.preventDefault();
      event.returnValue = ""; // older browsers need a value to ask
    };
    window.addEventListener("online", online);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("beforeunload", beforeUnload);
      // Leaving the screen inside the app: save what is pending now rather than drop it.
      if (saver.hasUnsavedChanges && saver.state.error !== "conflict") void saver.flush().finally(() => saver.stop());
      else saver.stop();
    };
  }, [saver]);

  // Stable across renders, so callbacks built on them stay stable too.
  const [actions] = useState(() => ({
    edit: (value: T) => saver.edit(value),
    flush: () => saver.flush(),
    resolveConflict: (value: T) => saver.resolveConflict(value),
  }));
  return { saveState, ...actions };
}
