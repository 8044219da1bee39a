import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AutoSaver, SaveConflict, SaveInvalid, SaveRejected, type SaveState } from "./autoSaver";

/** A save the test resolves or rejects by hand, recording what was sent. */
function controlledSave() {
  const sent: string[] = [];
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const save = vi.fn((value: string) => {
    sent.push(value);
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  });
  return { save, sent, pending };
}

describe("AutoSaver", () => {
  let states: SaveState[];
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  const saverWith = (save: (value: string) => Promise<void>) =>
    new AutoSaver<string>(save, { onState: (state) => states.push(state) });

  it("starts saved and does not save without an edit (loading is not a change)", async () => {
    const { save } = controlledSave();
    const saver = saverWith(save);
    await vi.advanceTimersByTimeAsync(5000);
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
    expect(save).not.toHaveBeenCalled();
  });

  it("saves once, 1000 ms after the last change", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("a");
    expect(saver.state.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(900);
    saver.edit("ab");
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(["ab"]);
    expect(saver.state.saving).toBe(true);
    pending[0].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
  });

  it("saves at once on an explicit submit", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("x");
    const flushed = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["x"]);
    pending[0].resolve();
    await flushed;
    expect(saver.state.status).toBe("saved");
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("keeps keystrokes made while a save is in flight and saves them next, never two at once", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("a");
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(["a"]);
    saver.edit("ab");
    await vi.advanceTimersByTimeAsync(1000); // the timer fires while "a" is still in flight
    expect(sent).toEqual(["a"]);
    pending[0].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["a", "ab"]);
    expect(saver.state.status).toBe("unsaved");
    pending[1].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
  });

  it("marks a failed save unsaved with the error, keeps the edit and retries when back online", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("a");
    await vi.advanceTimersByTimeAsync(1000);
    pending[0].reject(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "unsaved", saving: false, error: "failed" });
    expect(saver.hasUnsavedChanges).toBe(true);
    saver.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["a", "a"]);
    pending[1].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
    expect(saver.hasUnsavedChanges).toBe(false);
  });

  it("retries a failed save on its own after a while, with the latest text", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("a");
    await vi.advanceTimersByTimeAsync(1000);
    pending[0].reject(new Error("500"));
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(["a", "a"]);
    pending[1].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state.status).toBe("saved");
  });

  it.each([
    ["the server refused", new SaveRejected(), "failed"],
    ["the form finds invalid (no error shown)", new SaveInvalid(), null],
  ] as const)("does not resend values %s, but saves the next change", async (_, refusal, error) => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("0 zile");
    await vi.advanceTimersByTimeAsync(1000);
    pending[0].reject(refusal);
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "unsaved", saving: false, error });
    expect(saver.hasUnsavedChanges).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toEqual(["0 zile"]);
    saver.edit("14 zile");
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(["0 zile", "14 zile"]);
    pending[1].resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
  });

  it("stops on a conflict: no retry, no auto-save until the page is reloaded", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("mine");
    await vi.advanceTimersByTimeAsync(1000);
    pending[0].reject(new SaveConflict());
    await vi.advanceTimersByTimeAsync(0);
    expect(saver.state).toEqual({ status: "unsaved", saving: false, error: "conflict" });
    saver.edit("mine 2");
    saver.online();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toEqual(["mine"]);
  });

  it("after a conflict, saves the kept changes at once when the user keeps them, then auto-saves again", async () => {
    const { save, sent, pending } = controlledSave();
    const saver = saverWith(save);
    saver.edit("mine");
    await vi.advanceTimersByTimeAsync(1000);
    pending[0].reject(new SaveConflict());
    await vi.advanceTimersByTimeAsync(0);
    const kept = saver.resolveConflict("mine + theirs");
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["mine", "mine + theirs"]);
    expect(saver.state).toEqual({ status: "unsaved", saving: true, error: null });
    pending[1].resolve();
    await kept;
    expect(saver.state).toEqual({ status: "saved", saving: false, error: null });
    saver.edit("later");
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(["mine", "mine + theirs", "later"]);
  });

  it("does nothing after stop()", async () => {
    const { save } = controlledSave();
    const saver = saverWith(save);
    saver.edit("a");
    saver.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });
});
