/**
 * ANAF could not be asked, or its answer not read: the message is a Romanian sentence for the
 * clerk (server/messages.ts anafMessages), saying what happened and that the customer can still
 * be saved. Nothing is cached from a failed request.
 */
export type AnafFailure = "timeout" | "tooManyRequests" | "serverError" | "htmlPage" | "notJson" | "refused" | "network" | "config";

export class AnafUnavailable extends Error {
  override name = "AnafUnavailable";

  constructor(
    readonly failure: AnafFailure,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status;
  }

  /** ANAF's HTTP status, when it answered. */
  readonly status: number | undefined;
}
