/**
 * What a public page needs from the frame it is shown in: words, passing messages and a place
 * for its title. The public shell provides it without react-admin; inside the admin app (a
 * signed-in user on `/` or /about) react-admin provides it, so one page serves both doors.
 */
import { createContext, useContext, type ComponentType } from "react";
import type { Translate } from "./translate";

export type NoticeType = "info" | "success" | "error" | "warning";

export interface PageFrame {
  translate: Translate;
  /** A passing message at the bottom of the screen (a message key, or a server's text). */
  notify: (message: string, type?: NoticeType) => void;
  /** Names the page in the top bar. */
  Title: ComponentType<{ title: string }>;
}

export const PageFrameContext = createContext<PageFrame | null>(null);

export function usePageFrame(): PageFrame {
  const frame = useContext(PageFrameContext);
  if (!frame) throw new Error("A public page was rendered outside a PageFrameContext.");
  return frame;
}
