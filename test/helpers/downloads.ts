/**
 * The files the app hands to the browser to save (src/common/saveFile.ts): jsdom has no
 * blob URLs and does not navigate links, so this stands in for those two browser parts and
 * keeps each saved file's name and content. The request itself still goes to the real server.
 */
import { waitFor } from "@testing-library/react";
import { vi } from "vitest";

export interface SavedFile {
  filename: string;
  blob: Blob;
}

export function captureDownloads() {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const hadCreate = Object.hasOwn(URL, "createObjectURL");
  const hadRevoke = Object.hasOwn(URL, "revokeObjectURL");
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    const href = `blob:${window.location.origin}/download-${++next}`;
    blobs.set(href, blob);
    return href;
  };
  URL.revokeObjectURL = (href: string) => void blobs.delete(href);
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ filename: this.download, blob });
  });
  return {
    saved,
    /** Does `action` (e.g. a click) and answers the file it made the app save. */
    async savedBy(action: () => Promise<unknown>): Promise<SavedFile> {
      const count = saved.length;
      await action();
      await waitFor(
        () => {
          if (saved.length <= count) throw new Error("no file was saved");
        },
        { timeout: 10_000 },
      );
      return saved[count];
    },
    restore() {
      click.mockRestore();
      if (hadCreate) URL.createObjectURL = originalCreate;
      else delete (URL as { createObjectURL?: unknown }).createObjectURL;
      if (hadRevoke) URL.revokeObjectURL = originalRevoke;
      else delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    },
  };
}
