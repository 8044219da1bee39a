/** A page component standing in for a resource screen that a later issue builds. */
import { Placeholder } from "../pages/Placeholder";

export function placeholderScreen(resource: string, title: string) {
  const Screen = () => <Placeholder resource={resource} title={title} />;
  Screen.displayName = `Placeholder(${resource}:${title})`;
  return Screen;
}
