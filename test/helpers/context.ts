// The one fake Context of the tests: in-memory streams whose output is kept, each of stdin,
// stdout and stderr a terminal or not on its own (so `mcpctl … | jq` typed at a terminal, stdout
// piped and stderr a terminal, can be tested), a clock that can be moved, and Ctrl-C on demand.

import { PassThrough, Readable } from 'node:stream';
import type { Context, Env } from '../../src/io.js';

export interface FakeContextOptions {
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** Someone at the keyboard who can be asked questions; `stdin` holds what they type. */
  stdinTTY?: boolean;
  /** Standard input: a string, or a stream for input that arrives over time. Default: empty. */
  stdin?: string | Readable;
  /** The terminal width; default 120 when stdout is a terminal, none in a pipe. */
  columns?: number;
  env?: Env;
  cwd?: string;
  home?: string;
  /** Ctrl-C from outside: aborting it interrupts as `interrupt()` does. */
  signal?: AbortSignal;
}

export interface FakeContext extends Context {
  /** Everything written to stdout so far. */
  stdoutText(): string;
  /** Everything written to stderr so far. */
  stderrText(): string;
  /** Aborts ctx.signal, as Ctrl-C does. */
  interrupt(): void;
  /** Moves the clock (ctx.now) forward. */
  advance(ms: number): void;
}

function kept(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

export function fakeContext(opts: FakeContextOptions = {}): FakeContext {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdoutText = kept(stdout);
  const stderrText = kept(stderr);
  const stdin =
    typeof opts.stdin === 'object'
      ? opts.stdin
      : Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]);
  const stdoutIsTTY = opts.stdoutTTY === true;
  const controller = new AbortController();
  opts.signal?.addEventListener('abort', () => controller.abort(opts.signal?.reason), { once: true });
  let offset = 0;
  return {
    io: {
      stdin,
      stdout,
      stderr,
      stdinIsTTY: opts.stdinTTY === true,
      stdoutIsTTY,
      stderrIsTTY: opts.stderrTTY === true,
      columns: stdoutIsTTY ? (opts.columns ?? 120) : undefined,
      stderrColumns: opts.stderrTTY === true ? (opts.columns ?? 120) : undefined,
    },
    env: opts.env ?? {},
    cwd: opts.cwd ?? process.cwd(),
    home: opts.home ?? '/nonexistent-home',
    now: () => Date.now() + offset,
    signal: controller.signal,
    stdoutText,
    stderrText,
    interrupt: () => controller.abort(new Error('SIGINT')),
    advance(ms) {
      offset += ms;
    },
  };
}
