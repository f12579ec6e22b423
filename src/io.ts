// The process-facing surface every command receives: streams, terminal facts, env, cwd, clock.
// Only bin/ builds a real one; tests build fakes, so the whole program runs in-process.

import type { Readable, Writable } from 'node:stream';
import type { Secrets } from './redact.js';

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width for tables; undefined in a pipe. */
  columns?: number;
  /** The width of the terminal stderr is, when it is one (lines there wrap to it). */
  stderrColumns?: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface Context {
  io: IO;
  env: Env;
  cwd: string;
  /** The user's home directory (config discovery, token store). */
  home: string;
  now: () => number;
  /** When the process started (epoch ms): `--timeout` counts from here. Default: when the command began. */
  startedAt?: number;
  /** Aborted on Ctrl-C and SIGTERM (the reason then carries `signal: "SIGTERM"`); long work listens to it. */
  signal: AbortSignal;
  /** The values taken from the environment this run, masked in everything mcpctl reports. main() makes one. */
  secrets?: Secrets;
  /**
   * Sends what dependencies write with `console.*` (the SDK's own warnings) to `sink` instead of
   * the real streams, until the returned function is called. bin/ gives the real one; without
   * it nothing is rerouted.
   */
  routeConsole?: (sink: ConsoleSink) => () => void;
}

/** One `console.*` call, its arguments formatted as console would (without the newline). */
export type ConsoleSink = (level: ConsoleLevel, text: string) => void;

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'trace';
