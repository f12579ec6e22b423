// A cross-process lock on the token store: a lock file created with O_EXCL, broken when stale,
// waited for with a bound. An in-process queue in front of it keeps concurrent work in one
// mcpctl process (several servers at once) from polling against itself.

import { randomBytes } from 'node:crypto';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpctlError } from '../errors.js';

export interface LockOptions {
  /** A lock file older than this is left over from a crashed process and is removed. */
  staleMs: number;
  /** How long to wait for the lock before giving up with a timeout error. */
  waitMs: number;
  /** Poll interval while another process holds the lock. */
  pollMs: number;
  signal?: AbortSignal;
}

export const DEFAULT_LOCK_OPTIONS: LockOptions = { staleMs: 60_000, waitMs: 45_000, pollMs: 40 };

export type ReleaseLock = () => Promise<void>;

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
    await boundedWait(previous, deadline, lockPath, options.signal);
    const token = await createLockFile(lockPath, deadline, options);
    return async () => {
      try {
        // Remove the file only if it is still ours (a stale-lock breaker may have replaced it).
        const content = await readFile(lockPath, 'utf8').catch(() => '');
        if (content === token) await unlink(lockPath).catch(() => undefined);
      } finally {
        leaveQueue();
      }
    };
  } catch (err) {
    leaveQueue();
    throw err;
  }
}

async function createLockFile(lockPath: string, deadline: number, options: LockOptions): Promise<string> {
  const token = `${randomBytes(12).toString('hex')} ${new Date().toISOString()}`;
  for (;;) {
    checkAborted(options.signal);
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      return token;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Lock file timestamps are wall-clock times written by the file system, so staleness is
    // judged against the wall clock, not the injectable Context clock.
    const info = await stat(lockPath).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > options.staleMs) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    if (performance.now() >= deadline) throw lockTimeout(lockPath, options.waitMs);
    const jitter = Math.floor(Math.random() * options.pollMs);
    await sleep(options.pollMs + jitter, undefined, { signal: options.signal }).catch(() => undefined);
  }
}

async function boundedWait(previous: Promise<void>, deadline: number, lockPath: string, signal?: AbortSignal): Promise<void> {
  const remaining = Math.max(0, deadline - performance.now());
  const timer = new AbortController();
  try {
    const timeout = sleep(remaining, 'timeout' as const, { signal: timer.signal }).catch(() => 'cancelled' as const);
    const outcome = await Promise.race([previous.then(() => 'ready' as const), timeout, abortPromise(signal)]);
    if (outcome === 'timeout') throw lockTimeout(lockPath, Math.round(remaining));
    if (outcome === 'aborted') throw interrupted();
  } finally {
    timer.abort();
  }
}

function abortPromise(signal?: AbortSignal): Promise<'aborted'> {
  if (signal === undefined) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw interrupted();
}

function interrupted(): McpctlError {
  return new McpctlError('interrupted', 'interrupted while waiting for the token store lock', { phase: 'auth' });
}

function lockTimeout(lockPath: string, waitMs: number): McpctlError {
  return new McpctlError('timeout', `waited ${Math.round(waitMs / 1000)} s for the token store lock ${lockPath}`, {
    phase: 'auth',
    hint: 'another mcpctl process is updating tokens; if none is running, delete the lock file',
  });
}
