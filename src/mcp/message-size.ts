// The one error for a message over --max-size, shared by the stdio line reader and the HTTP body
// cap, so that both transports end a connection the same way and classify.ts words it once.

/** The server sent one message longer than the configured cap. */
export class MessageTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`the server sent a message larger than ${limit} bytes`);
    this.name = 'MessageTooLargeError';
    this.limit = limit;
  }
}
