/**
 * The error a failed call throws: message, status (0 when the server could not be reached) and
 * the answer's body. It has the shape of react-admin's HttpError, whose forms read `body.errors`
 * for field errors; it is defined here so that the public pages can call the server without
 * loading react-admin.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: any;

  constructor(message: string, status: number, body: any = null) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}
