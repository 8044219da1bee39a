/** The text of an error as the user should read it: the server's message, else the error's. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } })?.body;
  if (typeof body?.message === "string" && body.message) return body.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
