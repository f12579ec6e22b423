// Runs mcpctl the two ways tests need: in-process through main() with fake terminal or pipe
// streams, and as a real process through bin/ (exit codes, signals, pipes, orphans).

import type { Readable } from 'node:stream';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import os from 'node:os';
import type { Env } from '../../src/io.js';
import { fakeContext } from './context.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = path.join(ROOT, 'bin', 'mcpctl.js');

export interface RunOptions {
  cwd?: string;
  env?: Env;
  home?: string;
  /** Pretend stdout and stderr are terminals. */
  tty?: boolean;
  /** Pretend only stdout (or only stderr) is a terminal; each overrides `tty` for its stream. */
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** Pretend stdin is a terminal too (someone can be asked questions); `stdin` holds the typed lines. */
  stdinTTY?: boolean;
  /** Standard input: a string, or a stream for input that arrives over time. */
  stdin?: string | Readable;
  columns?: number;
  signal?: AbortSignal;
  /** Called with all of stderr so far, each time more arrives (to act on what mcpctl says). */
  onStderr?: (stderr: string) => void;
  /** The same for stdout (to act once mcpctl has printed something). */
  onStdout?: (stdout: string) => void;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real program in-process, with fake streams. */
export async function run(argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const tty = opts.tty === true;
  const home = opts.home ?? os.tmpdir();
  const ctx = fakeContext({
    stdoutTTY: opts.stdoutTTY ?? tty,
    stderrTTY: opts.stderrTTY ?? tty,
    stdinTTY: opts.stdinTTY,
    stdin: opts.stdin,
    columns: opts.columns,
    env: opts.env ?? { PATH: process.env.PATH, HOME: home },
    cwd: opts.cwd ?? process.cwd(),
    home,
    signal: opts.signal,
  });
  if (opts.onStderr) ctx.io.stderr.on('data', () => opts.onStderr?.(ctx.stderrText()));
  if (opts.onStdout) ctx.io.stdout.on('data', () => opts.onStdout?.(ctx.stdoutText()));
  // Imported here, not at the top: the many files that only run bin/ (or use ROOT) need not load
  // the whole program into their own process.
  const { main } = await import('../../commands/common/main.js');
  const code = await main(argv, ctx);
  return { code, stdout: ctx.stdoutText(), stderr: ctx.stderrText() };
}

export interface BinOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdin?: string;
  /** Give up (SIGKILL) after this long: a hang fails the test instead of the suite. */
  killAfterMs?: number;
  /** No one reads stdout (`| head` gone before the first line): every write to it fails with EPIPE. */
  stdoutUnread?: boolean;
}

/** The real program as a real process through bin/. */
export function runBin(
  argv: string[],
  opts: BinOptions = {},
): Promise<RunResult & { signal: NodeJS.Signals | null; pid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? { PATH: process.env.PATH, HOME: os.tmpdir() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    if (opts.stdoutUnread) child.stdout.destroy();
    else child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    child.stdin.end(opts.stdin ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code: code ?? -1,
        signal,
        pid: child.pid ?? -1,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

/** The last line of stderr parsed as the JSON error of --json mode. */
export function jsonError(stderr: string): {
  error: { code: number; kind: string; server?: string; phase?: string; message: string; hint?: string };
} {
  const lines = stderr.trimEnd().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}
