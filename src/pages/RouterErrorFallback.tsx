/** The router's fallback: 'Unexpected Application Error!' with the message or status text. */
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { publicRo } from "../../i18n/publicRo";

export function RouterErrorFallback() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? "");
  return (
    <div role="alert" style={{ fontFamily: "Roboto, Helvetica, Arial, sans-serif", padding: 24 }}>
      <h2>{publicRo.error.routerTitle}</h2>
      <h3 style={{ fontStyle: "italic" }}>{detail}</h3>
    </div>
  );
}
