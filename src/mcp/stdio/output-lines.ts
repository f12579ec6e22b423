// What a child process writes to one of its streams, as messages show it: line by line, each
// line clipped, the last few kept for an error that names what the process said before it failed.

import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

export class OutputLines {
  private readonly kept: string[] = [];
  /** The line being written, not yet ended: a progress line of a download often never is. */
  private unended = '';

  constructor(
    private readonly keep: number,
    private readonly maxLine: number,
    private readonly onLine: (line: string) => void,
  ) {}

  /** The last lines, oldest first. */
  get last(): string[] {
    return [...this.kept];
  }

  /** The line the stream read last is writing, not yet ended ('' when none is), as a terminal shows it. */
  get pending(): string {
    return shownOnTerminal(this.unended);
  }

  /**
   * Reads `stream` to its end, into the same kept lines as any other stream read (a process's
   * stdout and stderr together); settles when it closes, its last unended line counted.
   */
  read(stream: Readable): Promise<void> {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + decoder.write(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.emit(line.replace(/\r$/, ''));
      // A line that never ends must not grow without bound: cut it at the clip length.
      if (partial.length > this.maxLine) {
        this.emit(partial);
        partial = '';
      }
      this.unended = partial;
    });
    stream.on('error', () => {});
    return new Promise((resolve) => {
      stream.on('close', () => {
        const rest = partial + decoder.end();
        partial = '';
        this.unended = '';
        // An ended line keeps its carriage returns, shown escaped: what a server tried to hide
        // stays visible. The last, unended one is a progress line: its last state is what it said.
        if (rest !== '') this.emit(shownOnTerminal(rest));
        resolve();
      });
    });
  }

  private emit(raw: string): void {
    const line = raw.length > this.maxLine ? `${raw.slice(0, this.maxLine)}…` : raw;
    this.kept.push(line);
    if (this.kept.length > this.keep) this.kept.shift();
    this.onLine(line);
  }
}

/**
 * What is left on a terminal of a progress line redrawn in place with carriage returns
 * (`10%\r50%\r`): the last part written, not all of them run together.
 */
function shownOnTerminal(line: string): string {
  const parts = line.split('\r');
  return parts.findLast((part) => part !== '') ?? '';
}
