/**
 * The store could not be used (the S3 server is unreachable, times out, refuses the credentials or
 * answers 5xx): not a bug of the server and not the caller's fault, so requests answer 503 with a
 * text that says so (http/errors.ts) rather than 500. The store's own error is kept as the cause, for
 * the log.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The file storage could not be reached: ${cause instanceof Error ? cause.message || cause.name : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'StorageUnavailableError';
  }
}
