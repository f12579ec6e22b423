// Questions on a terminal, one line per answer: the prompt goes to stderr (stdout is data), the
// answer comes from stdin through node:readline. Lines typed ahead are kept, not lost, and the
// end of input (Ctrl-D) or Ctrl-C ends every pending question with `undefined`.

import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface LineReader {
  /** Writes `prompt`, then resolves to the next line, or undefined once input has ended. */
  question(prompt: string): Promise<string | undefined>;
  /** Releases stdin (so the process can exit); idempotent. */
  close(): void;
}

export function lineReader(input: Readable, output: Writable, signal?: AbortSignal): LineReader {
  let rl: Interface | undefined;
  const queued: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;

  const end = () => {
    ended = true;
    for (const resolve of waiting.splice(0)) resolve(undefined);
  };
  const start = () => {
    if (rl) return;
    // terminal:false leaves echo and line editing to the terminal's own cooked mode, and works
    // the same on a fake stream in tests.
    rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
    rl.on('line', (line) => {
      const next = waiting.shift();
      if (next) next(line);
      else queued.push(line);
    });
    rl.on('close', end);
    signal?.addEventListener('abort', end, { once: true });
  };

  return {
    question(prompt) {
      output.write(prompt);
      start();
      if (queued.length > 0) return Promise.resolve(queued.shift());
      if (ended || signal?.aborted) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      signal?.removeEventListener('abort', end);
      rl?.close();
      end();
    },
  };
}
