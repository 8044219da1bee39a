/**
 * 'Eroare neașteptată în aplicație!' with the message or status text (spec section 2): what the
 * admin app's router shows for a crash its pages do not catch (RouterErrorFallback), and the
 * front door for one outside any page (main.tsx). Plain HTML and the Romanian words straight
 * from their file: whatever crashed may have taken the theme and i18n down with it.
 */
import { publicRo } from "../../i18n/publicRo";

/** The text of a thrown value: an error's message, else the value itself. */
export function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? "");
}

export function UnexpectedError({ detail }: { detail: string }) {
  return (
    <div role="alert" style={{ fontFamily: "Roboto, Helvetica, Arial, sans-serif", padding: 24 }}>
      <h2>{publicRo.error.routerTitle}</h2>
      <h3 style={{ fontStyle: "italic" }}>{detail}</h3>
    </div>
  );
}
