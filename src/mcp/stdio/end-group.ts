// Ends a server process started in its own group (spawn.ts) and everything it started: close its
// stdin, a brief grace to exit by itself, SIGTERM to the group, a wait, SIGKILL; on Linux the
// descendants that left the group (setsid) are found through /proc and ended alike. Bounded, so a
// stubborn server costs at most grace + termWait + killWait. Shared by the stdio transport and by
// the HTTP servers a test file starts.

import type { ChildProcess } from 'node:child_process';
import { platform } from 'node:os';
import {
  type Escaped,
  escapedDescendants,
  groupAlive,
  liveEscaped,
  signalEscaped,
  signalGroup,
} from './process-group.js';
import { sleep, within } from '../wait.js';

/** The process to end: its group, and how to learn that it (the direct child) has exited. */
export interface GroupProcess {
  child: Pick<ChildProcess, 'kill' | 'stdin'>;
  pgid: number;
  /** True once the direct child has exited. */
  exited(): boolean;
  /** Settles when the direct child exits. */
  whenExited(): Promise<void>;
}

export interface EndTimes {
  /** How long it may take to exit by itself once its stdin is closed. */
  graceMs: number;
  /** How long after SIGTERM before SIGKILL. */
  termWaitMs: number;
  /** How long to wait for the group to disappear after SIGKILL. */
  killWaitMs: number;
}

const POLL_MS = 25;
const isWindows = platform() === 'win32';
/** Where /proc tells the process tree. */
const isLinux = platform() === 'linux';

/** Ends the process, its group and what escaped the group; resolves when all are gone or the bounds are spent. */
export async function endGroup(target: GroupProcess, times: EndTimes): Promise<void> {
  const { pgid } = target;
  // Before anything ends: once the server exits, the tree no longer leads to what it setsid'ed.
  const escaped = isLinux ? escapedDescendants(pgid) : [];
  target.child.stdin?.end();
  if (await untilGone(target, escaped, times.graceMs)) return;
  if (isLinux) escaped.push(...escapedDescendants(pgid).filter((e) => !escaped.some((o) => o.pid === e.pid)));
  signal(target, escaped, 'SIGTERM');
  if (await untilGone(target, escaped, times.termWaitMs)) return;
  signal(target, escaped, 'SIGKILL');
  await untilGone(target, escaped, times.killWaitMs);
}

function anyAlive(target: GroupProcess, escaped: readonly Escaped[]): boolean {
  if (isWindows) return !target.exited();
  return groupAlive(target.pgid) || liveEscaped(escaped).length > 0;
}

function signal(target: GroupProcess, escaped: readonly Escaped[], name: NodeJS.Signals): void {
  if (isWindows || !signalGroup(target.pgid, name)) target.child.kill(name);
  signalEscaped(escaped, name);
}

/**
 * True once the process, everything in its group and what escaped it have ended; false when
 * `maxMs` passed first. The process's own exit is an event; the rest can only be polled.
 */
async function untilGone(target: GroupProcess, escaped: readonly Escaped[], maxMs: number): Promise<boolean> {
  const until = Date.now() + maxMs;
  if (!target.exited()) await within(target.whenExited(), maxMs);
  for (;;) {
    if (target.exited() && !anyAlive(target, escaped)) return true;
    const left = until - Date.now();
    if (left <= 0) return false;
    await sleep(Math.min(POLL_MS, left));
  }
}
