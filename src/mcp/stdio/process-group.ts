// Signals and liveness checks for a stdio server's process group, so that ending a server
// also ends what it started (npx → node, sh -c → child, uvx → python), and on Linux the
// descendants that left the group (setsid, setpgid), found through /proc.
// This is the one place under src/ that touches `process`: signalling a group has no other API.

import { readdirSync, readFileSync } from 'node:fs';
import { kill } from 'node:process';

/** Sends a signal to every process in the group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while some process of the group is still running. Zombies do not count: where the
 * init process does not reap orphans (some containers), a dead grandchild stays a zombie
 * forever, and waiting for it would spend the whole teardown bound on every command.
 */
export function groupAlive(pgid: number): boolean {
  // Signal 0 asks whether any process of the group exists, zombies included: when none does,
  // that settles it without reading all of /proc.
  try {
    kill(-pgid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const members = liveGroupMembers(pgid);
  return members === undefined ? true : members.length > 0;
}

/** The pids of the group's running (non-zombie) processes, or undefined without /proc. */
export function liveGroupMembers(pgid: number): number[] | undefined {
  const table = processTable();
  if (table === undefined) return undefined;
  return [...table.values()].filter((p) => p.pgid === pgid && running(p)).map((p) => p.pid);
}

/** A process that left the server's group, known by its start time so a reused pid is never hit. */
export interface Escaped {
  pid: number;
  start: string;
}

/**
 * The running descendants of the group's processes that are in another group: a daemon the
 * server started with setsid, and everything below it. Only the process tree still links them to
 * the server, and only while their parents live, so this is read before the group is signalled.
 * Empty without /proc.
 */
export function escapedDescendants(pgid: number): Escaped[] {
  const table = processTable();
  if (table === undefined) return [];
  const children = new Map<number, ProcStat[]>();
  for (const p of table.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const queue = [...table.values()].filter((p) => p.pgid === pgid);
  const seen = new Set(queue.map((p) => p.pid));
  const escaped: Escaped[] = [];
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    if (p.pgid !== pgid && running(p)) escaped.push({ pid: p.pid, start: p.start });
    for (const child of children.get(p.pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      queue.push(child);
    }
  }
  return escaped;
}

/** The escaped processes still running (the same processes: same pid and start time). */
export function liveEscaped(escaped: readonly Escaped[]): Escaped[] {
  return escaped.filter((e) => {
    const p = readStat(String(e.pid));
    return p !== undefined && p.start === e.start && running(p);
  });
}

/** Sends a signal to each escaped process still running. */
export function signalEscaped(escaped: readonly Escaped[], signal: NodeJS.Signals): void {
  for (const e of liveEscaped(escaped)) {
    try {
      kill(e.pid, signal);
    } catch {
      // it ended meanwhile
    }
  }
}

interface ProcStat {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  /** Field 22, clock ticks since boot: with the pid, names one process for good. */
  start: string;
}

/** Running, or exiting still: not a zombie whose every thread is gone. */
function running(p: ProcStat): boolean {
  if (p.state === 'X') return false;
  return p.state !== 'Z' || threadsRunning(p.pid);
}

/**
 * A process whose main thread has exited shows Z while its other threads are still running or
 * exiting, and until the last one is gone it holds its files: a listening port among them, so a
 * server started again at once on that port would find it taken.
 */
function threadsRunning(pid: number): boolean {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return tasks.some((tid) => {
    const state = readStat(`${pid}/task/${tid}`)?.state;
    return state !== undefined && state !== 'Z' && state !== 'X';
  });
}

/** Every process of /proc by pid, or undefined without /proc. */
function processTable(): Map<number, ProcStat> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const table = new Map<number, ProcStat>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) table.set(stat.pid, stat);
  }
  return table;
}

/** `/proc/<which>/stat` read; `which` is a pid, or `pid/task/tid` for one thread. */
function readStat(which: string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${which}/stat`, 'utf8');
  } catch {
    return undefined; // the process ended while we looked
  }
  // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so cut at the last ")".
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    pid: Number(text.slice(0, text.indexOf(' '))),
    state: fields[0] ?? '',
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    start: fields[19] ?? '',
  };
}
