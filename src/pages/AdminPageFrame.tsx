/**
 * The page frame (public/pageFrame.ts) inside the admin app: react-admin's words, notifications
 * and title, so the public pages and the cards shared with them look and speak as every screen.
 */
import { useMemo, type ReactNode } from "react";
import { Title, useNotify, useTranslate } from "react-admin";
import { PageFrameContext, type PageFrame } from "../public/pageFrame";

function AdminTitle({ title }: { title: string }) {
  return <Title title={title} />;
}

export function AdminPageFrame({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const frame = useMemo<PageFrame>(
    () => ({
      translate: (key, options) => translate(key, options),
      notify: (message, type = "info") => notify(message, { type }),
      Title: AdminTitle,
    }),
    [translate, notify],
  );
  return <PageFrameContext.Provider value={frame}>{children}</PageFrameContext.Provider>;
}
