// Splits a byte stream into newline-terminated lines of UTF-8 text. A line within one chunk is
// decoded from it directly; a line that spans chunks is copied into one LineBuffer as they come,
// so each chunk can go at once, and decoded once at its end (bench/RESULTS.md, issue 22).

import { LineBuffer, MAX_LINE_BUFFER } from './line-buffer.js';

export class LineTooLongError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`a line exceeded ${limit} bytes`);
    this.name = 'LineTooLongError';
    this.limit = limit;
  }
}

export class LineSplitter {
  /** The unfinished line's bytes. */
  private readonly pending: LineBuffer;
  private readonly maxLineBytes: number;

  /** @param maxLineBytes the longest line accepted, in bytes; a longer one throws LineTooLongError. */
  constructor(maxLineBytes: number) {
    this.maxLineBytes = Math.min(maxLineBytes, MAX_LINE_BUFFER);
    this.pending = new LineBuffer(this.maxLineBytes);
  }

  /** Feeds a chunk; returns the complete lines it finished (without "\n" or a trailing "\r"). */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) break;
      this.checkRoom(newline - start);
      if (this.pending.length === 0) lines.push(decodeLine(chunk, start, newline));
      else {
        this.pending.append(chunk.subarray(start, newline));
        lines.push(this.pending.take(true));
      }
      start = newline + 1;
    }
    if (start < chunk.length) {
      this.checkRoom(chunk.length - start);
      this.pending.append(chunk.subarray(start));
    }
    return lines;
  }

  /** What is left without a final newline (a stream that ended mid-line), "\r" and all. */
  flush(): string | undefined {
    if (this.pending.length === 0) return undefined;
    return this.pending.take(false);
  }

  /** Throws when `bytes` more would take the unfinished line over the limit (and drops it). */
  private checkRoom(bytes: number): void {
    if (this.pending.length + bytes <= this.maxLineBytes) return;
    this.pending.clear();
    throw new LineTooLongError(this.maxLineBytes);
  }
}

/** `chunk[start, end)` as text, without a final "\r". */
function decodeLine(chunk: Buffer, start: number, end: number): string {
  return chunk.toString('utf8', start, end > start && chunk[end - 1] === 0x0d ? end - 1 : end);
}
