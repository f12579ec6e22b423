// The bytes of one long line while it arrives, copied out of each chunk as it comes, in memory
// that goes back to the system the moment the line is decoded: an 8 MiB message is then not also
// held as a concatenation of its chunks, and its bytes are gone before its text is parsed
// (bench/RESULTS.md, issue 22). The chunks themselves go at V8's next collection.

/**
 * No line longer than this can be decoded into one string (V8's longest string is 2^29 - 24
 * units), and Node 20 reserves no resizable buffer beyond it.
 */
export const MAX_LINE_BUFFER = 2 ** 32;

export class LineBuffer {
  /** Reserved up to the limit once, on the first line that needs it; only what is used is memory. */
  private store?: ArrayBuffer;
  private used = 0;

  /** @param maxBytes the longest line that will be appended (at most MAX_LINE_BUFFER). */
  constructor(private readonly maxBytes: number) {}

  get length(): number {
    return this.used;
  }

  /** Appends `bytes` (the caller has checked the line's limit). */
  append(bytes: Uint8Array): void {
    this.store ??= new ArrayBuffer(0, { maxByteLength: this.maxBytes });
    const store = this.store;
    const needed = this.used + bytes.length;
    // Grown to what is used and no further: shrinking fills the bytes it drops (touching them).
    if (needed > store.byteLength) store.resize(needed);
    new Uint8Array(store, this.used, bytes.length).set(bytes);
    this.used = needed;
  }

  /**
   * The bytes as UTF-8 text (a final "\r" left out when `dropCr`); the buffer is emptied and its
   * memory returned to the system before the text is parsed.
   */
  take(dropCr: boolean): string {
    if (this.store === undefined) return '';
    const bytes = Buffer.from(this.store, 0, this.used);
    const end = dropCr && bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    const text = bytes.toString('utf8', 0, end);
    this.clear();
    return text;
  }

  /** Empties the buffer and returns its memory. */
  clear(): void {
    this.used = 0;
    this.store?.resize(0);
  }
}
