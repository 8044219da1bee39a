/**
 * The page frame (public/pageFrame.ts) inside the admin app: react-admin's words, notifications
 * and title, and its router's address and moves, so the public pages and the cards shared with
 * them look, speak and move as every screen.
 */
import { useMemo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Title, useNotify, useTranslate } from "react-admin";
import { PageFrameContext, type PageFrame } from "../public/pageFrame";

function AdminTitle({ title }: { title: string }) {
  return <Title title={title} />;
}

export function AdminPageFrame({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const frame = useMemo<PageFrame>(
    () => ({
      translate: (key, options) => translate(key, options),
      notify: (message, type = "info") => notify(message, { type }),
      Title: AdminTitle,
      location: { pathname, search },
      // As a react-router link: going where one already is replaces the history entry.
      navigate: (to, options) => void navigate(to, { replace: options?.replace || to === pathname + search + hash }),
    }),
    [translate, notify, navigate, pathname, search, hash],
  );
  return <PageFrameContext.Provider value={frame}>{children}</PageFrameContext.Provider>;
}
