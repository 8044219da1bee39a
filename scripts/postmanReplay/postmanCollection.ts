/**
 * The parts of a Postman v2.1 collection the replay reads: its requests in order (folders
 * flattened), its variables, its Basic auth, and `{{name}}` filled in. The collection's JSON
 * bodies may hold comments, which its own pre-request script strips before sending; so does
 * `stripJsonComments`.
 */

export interface PostmanRequest {
  /** Folder names and the request's own, joined: "Incasari / Incasare cu card". */
  name: string;
  method: string;
  /** The raw URL, variables not yet filled. */
  url: string;
  headers: { key: string; value: string }[];
  /** A raw body, variables not yet filled. */
  body?: string;
}

export interface PostmanCollection {
  requests: PostmanRequest[];
  variables: Record<string, string>;
  /** The collection's Basic auth, variables not yet filled. */
  basicAuth?: { username: string; password: string };
}

type Json = Record<string, unknown>;

export function readCollection(json: unknown): PostmanCollection {
  const root = json as Json;
  const requests: PostmanRequest[] = [];
  const walk = (items: unknown, folders: string[]) => {
    for (const item of (Array.isArray(items) ? items : []) as Json[]) {
      const name = String(item.name ?? "");
      if (Array.isArray(item.item)) {
        walk(item.item, [...folders, name]);
        continue;
      }
      const request = item.request as Json | undefined;
      if (!request) continue;
      const url = typeof request.url === "string" ? request.url : String((request.url as Json | undefined)?.raw ?? "");
      const body = request.body as Json | undefined;
      requests.push({
        name: [...folders.slice(1), name].join(" / "),
        method: String(request.method ?? "GET").toUpperCase(),
        url,
        headers: ((request.header as Json[] | undefined) ?? [])
          .filter((header) => !header.disabled)
          .map((header) => ({ key: String(header.key), value: String(header.value ?? "") })),
        ...(body?.mode === "raw" && typeof body.raw === "string" && body.raw.trim() ? { body: body.raw } : {}),
      });
    }
  };
  walk(root.item, []);
  const variables: Record<string, string> = {};
  for (const variable of (root.variable as Json[] | undefined) ?? []) variables[String(variable.key)] = String(variable.value ?? "");
  const auth = root.auth as Json | undefined;
  const basic = auth?.type === "basic" && Array.isArray(auth.basic) ? (auth.basic as Json[]) : undefined;
  const value = (key: string) => String(basic?.find((entry) => entry.key === key)?.value ?? "");
  return { requests, variables, ...(basic ? { basicAuth: { username: value("username"), password: value("password") } } : {}) };
}

/** `{{name}}` replaced by its value ("" for one the variables do not have). */
export function fillVariables(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => variables[name] ?? "");
}

/** `//` and `/* … *\/` comments outside strings removed, as the collection's pre-request script does. */
export function stripJsonComments(text: string): string {
  return text.replace(/\\"|"(?:\\"|[^"])*"|(\/\/.*|\/\*[\s\S]*?\*\/)/g, (match, comment: string | undefined) => (comment ? "" : match));
}
