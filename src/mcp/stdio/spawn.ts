// Starts a stdio server's process in its own process group, with nothing from the SDK: the
// session layer can start a server while the SDK is still loading (each takes tens of
// milliseconds, and they overlap), and the process transport adopts it afterwards. A watchdog
// ends the group if mcpctl itself dies without teardown (SIGKILL, the OOM killer).

import type { ChildProcessByStdio, ChildProcessWithoutNullStreams } from 'node:child_process';
import { statSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { signalGroup } from './process-group.js';

/**
 * node:child_process when a process is started, not when this module loads: every session
 * command loads this module (the launcher, the errors of classify.ts), and on an HTTP server's
 * run child_process and the node:dgram it requires were a few milliseconds of compiling for
 * nothing.
 */
const childProcess = () => process.getBuiltinModule('node:child_process');

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The working directory of a stdio server does not exist (spawn would misreport it as ENOENT of the command). */
export class BadCwdError extends Error {
  readonly cwd: string;
  constructor(cwd: string) {
    super(`working directory not found: ${cwd}`);
    this.name = 'BadCwdError';
    this.cwd = cwd;
  }
}

export interface SpawnOptions {
  command: string;
  args: readonly string[];
  /** The complete environment of the child. */
  env: Record<string, string>;
  cwd?: string;
}

/** A server process as started. */
export interface SpawnedServer {
  /** Absent when the process could not even be attempted (bad cwd). */
  readonly child?: ChildProcessWithoutNullStreams;
  /** What the server writes, to be read by whoever adopts it (held until then). */
  readonly stdout?: Readable;
  readonly stderr?: Readable;
  /** The process group (the child's pid), known right after spawn. */
  readonly pgid?: number;
  /** Resolves once the process runs; rejects with why it could not start (ENOENT, bad cwd). */
  readonly started: Promise<void>;
  /** When it was started (the run's clock): deadlines count from here. */
  readonly startedAt: number;
  /** How it ended, once it has (recorded even before a transport takes it over). */
  exit(): ProcessExit | undefined;
  /** Kills it and its group at once: only for when no transport can be made to end it properly. */
  abandon(): void;
  /** The group has been ended properly: the watchdog stands down. */
  release(): void;
}

/**
 * Reads its stdin, a pipe whose other end only mcpctl holds: `done` stands it down; end of input
 * means mcpctl died without teardown, and the group ($1) is ended as teardown would. A shell,
 * not a second node: it starts in about a millisecond and needs a few hundred kilobytes.
 */
const WATCHDOG_SCRIPT =
  'read -r word; [ "$word" = done ] && exit 0; kill -TERM "-$1" 2>/dev/null || exit 0; sleep 2; kill -KILL "-$1" 2>/dev/null';

/** Starts the watchdog of group `pgid`; the function returned stands it down. */
export function startWatchdog(pgid: number): () => void {
  let watchdog: ChildProcessByStdio<Writable, null, null>;
  try {
    // Its own group too: a Ctrl-C in the terminal is ours to handle, not the watchdog's.
    watchdog = childProcess().spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'mcpctl-watchdog', String(pgid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
  } catch {
    return () => {};
  }
  // No /bin/sh (Windows): no watchdog, and nothing to report; teardown works without it.
  watchdog.on('error', () => {});
  watchdog.stdin.on('error', () => {});
  // Neither the process nor its pipe keeps mcpctl alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watchdog.stdin.end('done\n');
  };
}

export interface SpawnMode {
  /**
   * Keep the output until it is read, for a server started before anyone listens (a session
   * whose client is still loading): Node drains and drops the unread output of a child that
   * exits, and a server that fails at once would lose its last words.
   */
  holdOutput?: boolean;
  /** The run's clock, which deadlines are read on. */
  now?: () => number;
}

/** Starts the server. */
export function spawnServer(
  options: SpawnOptions,
  { holdOutput = false, now = Date.now }: SpawnMode = {},
): SpawnedServer {
  const startedAt = now();
  const { command, args, env, cwd } = options;
  const failed = (err: unknown): SpawnedServer => {
    const started = Promise.reject(err);
    started.catch(() => {});
    return { started, startedAt, exit: () => undefined, abandon: () => {}, release: () => {} };
  };
  if (cwd !== undefined && !isDirectory(cwd)) return failed(new BadCwdError(cwd));
  let child: ChildProcessWithoutNullStreams;
  try {
    child = childProcess().spawn(command, [...args], {
      env,
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group (and session): signals reach everything it starts, and a
      // Ctrl-C in the terminal reaches only us, so we decide the order of teardown.
      detached: true,
      windowsHide: true,
    });
  } catch (err) {
    // Arguments spawn refuses outright (a NUL byte, say): reported when the transport starts.
    return failed(err);
  }
  const pgid = child.pid;
  const release = pgid === undefined ? () => {} : startWatchdog(pgid);
  let exit: ProcessExit | undefined;
  child.on('exit', (code, signal) => {
    exit = { code, signal };
  });
  const started = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    // After a successful spawn, errors are the adopter's to report; this listener only keeps
    // an unhandled 'error' from throwing.
    child.on('error', (err) => {
      if (pgid === undefined) reject(err);
    });
  });
  started.catch(() => {});
  const abandon = () => {
    if (pgid !== undefined && !signalGroup(pgid, 'SIGKILL') && exit === undefined) child.kill('SIGKILL');
    release();
  };
  const out = holdOutput ? held(child.stdout) : child.stdout;
  const err = holdOutput ? held(child.stderr) : child.stderr;
  return {
    child,
    pgid,
    started,
    startedAt,
    exit: () => exit,
    abandon,
    release,
    stdout: out,
    stderr: err,
  };
}

function held(stream: Readable): Readable {
  const keeper = new PassThrough();
  stream.on('error', (err) => keeper.destroy(err));
  // Until someone adopts the server, a failing pipe must not become an uncaught error.
  keeper.on('error', () => {});
  return stream.pipe(keeper);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
