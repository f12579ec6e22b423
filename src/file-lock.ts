// A cross-process lock on a file we edit (the token store, a config file, the trust store): a
// lock file created with O_EXCL that names its holder, taken over when the holder is gone, waited
// for with a bound. An in-process queue in front of it keeps concurrent work in one mcpctl
// process (several servers at once) from polling against itself.

import { randomBytes } from 'node:crypto';
import { type FileHandle, open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
// Our own pid, and whether another pid still runs: no other API answers these.
import { kill, pid } from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearWriteError } from './atomic-file.js';
import { McpctlError, type Phase } from './errors.js';

export interface LockOptions {
  /** A lock file older than this is left over from a crashed process and is removed. */
  staleMs: number;
  /** How long to wait for the lock before giving up with a timeout error. */
  waitMs: number;
  /** Poll interval while another process holds the lock. */
  pollMs: number;
  signal?: AbortSignal;
  /** What the lock guards, for messages: "the token store", "the config file .mcp.json". */
  what?: string;
  phase?: Phase;
}

export const DEFAULT_LOCK_OPTIONS: LockOptions = { staleMs: 60_000, waitMs: 45_000, pollMs: 40 };

export type ReleaseLock = () => Promise<void>;

/** What a lock file holds: who holds it, and a token only this holder knows. */
interface Holder {
  pid: number;
  host: string;
  token: string;
}

/** Tail of the in-process queue for each lock path. */
const queues = new Map<string, Promise<void>>();

export async function acquireLock(lockPath: string, options: LockOptions): Promise<ReleaseLock> {
  // Monotonic: the wait bound must not move when a test (or NTP) moves the wall clock.
  const deadline = performance.now() + options.waitMs;

  let releaseLocal!: () => void;
  const mine = new Promise<void>((resolve) => (releaseLocal = resolve));
  const previous = queues.get(lockPath) ?? Promise.resolve();
  const tail = previous.then(() => mine);
  queues.set(lockPath, tail);
  const leaveQueue = () => {
    releaseLocal();
    if (queues.get(lockPath) === tail) queues.delete(lockPath);
  };

  try {
    await boundedWait(previous, deadline, lockPath, options);
    const content = await createLockFile(lockPath, deadline, options);
    return async () => {
      try {
        // Remove the file only if it is still ours (a stale-lock breaker may have replaced it).
        const now = await readFile(lockPath, 'utf8').catch(() => '');
        if (now === content) await unlink(lockPath).catch(() => undefined);
      } finally {
        leaveQueue();
      }
    };
  } catch (err) {
    leaveQueue();
    throw err;
  }
}

/** Runs `fn` holding the lock `${file}.lock`. */
export async function withFileLock<T>(file: string, options: Partial<LockOptions>, fn: () => Promise<T>): Promise<T> {
  const release = await acquireLock(`${file}.lock`, { ...DEFAULT_LOCK_OPTIONS, ...options });
  try {
    return await fn();
  } finally {
    await release();
  }
}

async function createLockFile(lockPath: string, deadline: number, options: LockOptions): Promise<string> {
  for (;;) {
    checkAborted(options);
    try {
      const content = await createExclusive(lockPath);
      if (content !== undefined) return content;
    } catch (err) {
      // Named as the file the lock guards: that is the file the user cannot change now.
      throw clearWriteError(err, lockPath.replace(/\.lock$/, ''));
    }
    const found = await readFile(lockPath, 'utf8').catch(() => undefined);
    if (found === undefined) continue; // released meanwhile
    if ((await isStale(lockPath, found, options)) && (await breakLock(lockPath, found, options))) continue;
    if (performance.now() >= deadline) throw lockTimeout(lockPath, options.waitMs, options);
    const jitter = Math.floor(Math.random() * options.pollMs);
    await sleep(options.pollMs + jitter, undefined, { signal: options.signal }).catch(() => undefined);
  }
}

/** Stale: its holder, a process of this machine, is gone; or (holder unknown) it is old. */
async function isStale(lockPath: string, content: string, options: LockOptions): Promise<boolean> {
  const holder = parseHolder(content);
  if (holder !== undefined && holder.host === hostname()) return !processRuns(holder.pid);
  // Lock file timestamps are wall-clock times written by the file system, so staleness is
  // judged against the wall clock, not the injectable Context clock.
  const info = await stat(lockPath).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > options.staleMs;
}

function parseHolder(content: string): Holder | undefined {
  try {
    const value = JSON.parse(content) as Partial<Holder>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string')
      return value as Holder;
  } catch {
    // an old or foreign lock file: judged by its age
  }
  return undefined;
}

function processRuns(target: number): boolean {
  try {
    kill(target, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `file` naming this process as its holder (a fresh token each time); the content, or
 * undefined when the file exists already.
 */
async function createExclusive(file: string): Promise<string | undefined> {
  const holder: Holder = { pid, host: hostname(), token: randomBytes(12).toString('hex') };
  const content = JSON.stringify(holder);
  let handle: FileHandle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw err;
  }
  try {
    await handle.writeFile(content);
  } catch (err) {
    // A file that names nobody would stand in the way until it is old.
    await unlink(file).catch(() => undefined);
    throw err;
  } finally {
    await handle.close();
  }
  return content;
}

/**
 * Removes the stale lock `content`, and only it; false when another process is breaking a lock
 * on the same file right now. What was read as stale may be gone by now: its holder released it
 * (and then ended, which is what made it look stale) and another process took the lock anew. So
 * the file is read again and removed only if it still holds `content`, and processes that break
 * take turns through a second file (`LOCK.break`, held for two file calls): between one breaker's
 * read and its removal, no other breaker removes a lock that was just taken.
 */
async function breakLock(lockPath: string, content: string, options: LockOptions): Promise<boolean> {
  const turn = `${lockPath}.break`;
  const mine = await createExclusive(turn).catch(() => undefined);
  if (mine === undefined) {
    // Left by a breaker that died within its two file calls: cleared as a stale lock is.
    const other = await readFile(turn, 'utf8').catch(() => undefined);
    if (other !== undefined && (await isStale(turn, other, options))) await unlink(turn).catch(() => undefined);
    return false;
  }
  try {
    const now = await readFile(lockPath, 'utf8').catch(() => undefined);
    if (now === content) await unlink(lockPath).catch(() => undefined);
    return true;
  } finally {
    await unlink(turn).catch(() => undefined);
  }
}

async function boundedWait(
  previous: Promise<void>,
  deadline: number,
  lockPath: string,
  options: LockOptions,
): Promise<void> {
  const remaining = Math.max(0, deadline - performance.now());
  const timer = new AbortController();
  try {
    const timeout = sleep(remaining, 'timeout' as const, { signal: timer.signal }).catch(() => 'cancelled' as const);
    const outcome = await Promise.race([previous.then(() => 'ready' as const), timeout, abortPromise(options.signal)]);
    if (outcome === 'timeout') throw lockTimeout(lockPath, Math.round(remaining), options);
    if (outcome === 'aborted') throw interrupted(options);
  } finally {
    timer.abort();
  }
}

function abortPromise(signal?: AbortSignal): Promise<'aborted'> {
  if (signal === undefined) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
}

function checkAborted(options: LockOptions): void {
  if (options.signal?.aborted) throw interrupted(options);
}

function interrupted(options: LockOptions): McpctlError {
  return new McpctlError('interrupted', `interrupted while waiting for the lock on ${options.what ?? 'a file'}`, {
    phase: options.phase,
  });
}

function lockTimeout(lockPath: string, waitMs: number, options: LockOptions): McpctlError {
  const what = options.what ?? 'a file';
  return new McpctlError('timeout', `waited ${Math.round(waitMs / 1000)} s for the lock on ${what} (${lockPath})`, {
    phase: options.phase,
    hint: `another mcpctl process is updating ${what}; if none is running, delete the lock file`,
  });
}
