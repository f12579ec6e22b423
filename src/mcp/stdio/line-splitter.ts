// Splits a byte stream into newline-terminated lines without re-copying what is buffered,
// so a 60 MB message arriving in 64 KB chunks costs one concatenation, not thousands.

export class LineTooLongError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`a line exceeded ${limit} bytes`);
    this.name = 'LineTooLongError';
    this.limit = limit;
  }
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** @param maxLineBytes the longest line accepted; a longer one throws LineTooLongError. */
  constructor(private readonly maxLineBytes: number) {}

  /** Feeds a chunk; returns the complete lines it finished (without "\n" or a trailing "\r"). */
  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      const piece = chunk.subarray(start, newline);
      if (this.pendingBytes + piece.length > this.maxLineBytes) throw this.overflow();
      const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      lines.push(line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, -1) : line);
      start = newline + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.pendingBytes + rest.length > this.maxLineBytes) throw this.overflow();
      this.pending.push(rest);
      this.pendingBytes += rest.length;
    }
    return lines;
  }

  /** What is left without a final newline (a stream that ended mid-line). */
  flush(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    return rest;
  }

  private overflow(): LineTooLongError {
    this.pending = [];
    this.pendingBytes = 0;
    return new LineTooLongError(this.maxLineBytes);
  }
}
