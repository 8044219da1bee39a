/** The admin app's router fallback: 'Eroare neașteptată în aplicație!' with the message or status text. */
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { detailOf, UnexpectedError } from "./UnexpectedError";

export function RouterErrorFallback() {
  const error = useRouteError();
  return <UnexpectedError detail={isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : detailOf(error)} />;
}
