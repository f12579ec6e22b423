// Signals and liveness checks for a stdio server's process group, so that ending a server
// also ends what it started (npx → node, sh -c → child, uvx → python).
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
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat.pgid === pgid && stat.state !== 'Z' && stat.state !== 'X') members.push(Number(entry));
  }
  return members;
}

function readStat(pid: string): { state: string; pgid: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // the process ended while we looked
  }
  // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so cut at the last ")".
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', pgid: Number(fields[2]) };
}
