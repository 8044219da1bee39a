/**
 * A link to another page, in whichever frame shows it (the public shell or the admin app): an
 * ordinary `<a href>`, whose plain click moves within the app instead of loading the page anew. A
 * click with a modifier key or another button, or a link opening elsewhere, does what the browser
 * does (a new tab, a new window), as react-router's links do.
 */
import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { usePageFrame } from "./pageFrame";

export type FrameLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** A path with its query. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export function FrameLink({ to, onClick, target, ...rest }: FrameLinkProps) {
  const { navigate } = usePageFrame();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const elsewhere = event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target && target !== "_self");
    if (event.defaultPrevented || elsewhere) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} target={target} onClick={follow} {...rest} />;
}
