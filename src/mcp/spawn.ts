// Starts a stdio server's process in its own process group, with nothing from the SDK: the
// session layer can start a server while the SDK is still loading (each takes tens of
// milliseconds, and they overlap), and the process transport adopts it afterwards.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { statSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { signalGroup } from './process-group.js';

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
  /** Date.now() when it was started: deadlines count from here. */
  readonly startedAt: number;
  /** How it ended, once it has (recorded even before it is adopted). */
  exit(): ProcessExit | undefined;
  /** Set by the transport that takes it over (and from then on ends it). */
  adopted: boolean;
  /** Kills it and its group at once: only for when no transport can be made to end it properly. */
  abandon(): void;
}

/**
 * Starts the server. With `hold`, its output is kept until it is read: Node drains and drops
 * the unread output of a child that exits (a server that fails at once would lose its last
 * words before anyone listens).
 */
export function spawnServer(options: SpawnOptions, hold = false): SpawnedServer {
  const startedAt = Date.now();
  const { command, args, env, cwd } = options;
  const failed = (err: unknown): SpawnedServer => {
    const started = Promise.reject(err);
    started.catch(() => {});
    return { started, startedAt, exit: () => undefined, adopted: false, abandon: () => {} };
  };
  if (cwd !== undefined && !isDirectory(cwd)) return failed(new BadCwdError(cwd));
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(command, [...args], {
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
  };
  const out = hold ? held(child.stdout) : child.stdout;
  const err = hold ? held(child.stderr) : child.stderr;
  return { child, pgid, started, startedAt, exit: () => exit, adopted: false, abandon, stdout: out, stderr: err };
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
