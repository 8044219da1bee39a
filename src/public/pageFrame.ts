/**
 * What a public page needs from the frame it is shown in: words, passing messages, a place for
 * its title, and the address with the way to another one. The public shell provides it without
 * react-admin or react-router; inside the admin app (a signed-in user on `/` or /about)
 * react-admin and its router provide it, so one page serves both doors.
 */
import { createContext, useContext, type ComponentType } from "react";
import type { NavigateOptions, PageLocation } from "./navigation";
import type { Translate } from "./translate";

export type NoticeType = "info" | "success" | "error" | "warning";

export interface PageFrame {
  translate: Translate;
  /** A passing message at the bottom of the screen (a message key, or a server's text). */
  notify: (message: string, type?: NoticeType) => void;
  /** Names the page in the top bar. */
  Title: ComponentType<{ title: string }>;
  /** Where the page is. */
  location: PageLocation;
  /** Goes to another page (a path with its query), as a link does (see FrameLink), or in place of this one. */
  navigate: (to: string, options?: NavigateOptions) => void;
}

export const PageFrameContext = createContext<PageFrame | null>(null);

export function usePageFrame(): PageFrame {
  const frame = useContext(PageFrameContext);
  if (!frame) throw new Error("A public page was rendered outside a PageFrameContext.");
  return frame;
}
