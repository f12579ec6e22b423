// Whether a server's process group still runs, as teardown asks it: a group left with only a
// zombie (a dead process nobody reaps, as under an init that does not reap orphans) has ended;
// a group with one running process has not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { unlessInstalled } from '../helpers/requires.js';
import { groupAlive, liveGroupMembers, signalGroup } from '../../src/mcp/stdio/process-group.js';

/** State and process group of `pid` from /proc, or undefined once it is gone. */
function stat(pid: number): { state: string; pgid: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { state: fields[0]!, pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** Polls until `check` holds; the test's own timeout bounds a wait that never ends. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

const readPid = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || 0 : 0);

test('a group whose only process left is a zombie has ended; one with a running process has not', {
  timeout: 60_000,
  skip: unlessInstalled('setsid'),
}, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-group-'));
  // The leader starts a parent, which starts a child and then moves itself to a session of its
  // own (setsid) as `sleep`, which never reaps; the child exits once its parent is `sleep`, so
  // it stays a zombie in the group. Then the leader exits: the group holds the zombie alone.
  writeFileSync(path.join(dir, 'child.sh'), 'while [ "$(cat /proc/$PPID/comm)" != sleep ]; do sleep 0.05; done\n');
  writeFileSync(
    path.join(dir, 'parent.sh'),
    [
      'sh ./child.sh &',
      'echo $! > zombie.tmp && mv zombie.tmp zombie',
      'echo $$ > parent.tmp && mv parent.tmp parent',
      'exec setsid sleep 1000',
      '',
    ].join('\n'),
  );
  const leader = spawn('sh', ['-c', 'sh ./parent.sh & while [ ! -f parent ]; do sleep 0.05; done'], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
  });
  const pgid = leader.pid!;
  let parent = 0;
  try {
    assert.equal(groupAlive(pgid), true, 'the leader runs');
    await new Promise((resolve) => leader.once('exit', resolve));
    const zombie = readPid(path.join(dir, 'zombie'));
    parent = readPid(path.join(dir, 'parent'));
    await until(() => stat(parent)?.pgid !== pgid && stat(zombie)?.state === 'Z');
    assert.equal(stat(zombie)?.pgid, pgid, 'the zombie is still in the group');
    assert.deepEqual(liveGroupMembers(pgid), []);
    assert.equal(groupAlive(pgid), false, 'a zombie is not a running server');
    assert.deepEqual(liveGroupMembers(parent), [parent], 'the sleeping parent runs in its own group');
    assert.equal(groupAlive(parent), true);
  } finally {
    if (parent > 0) process.kill(parent, 'SIGKILL');
    leader.kill('SIGKILL');
  }
});

/** A group whose leader has exited, leaving one running `sleep` in it; its pid and the group's. */
async function orphanedGroup(): Promise<{ pgid: number; member: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-group-'));
  const leader = spawn('sh', ['-c', 'sleep 1000 & echo $! > member.tmp && mv member.tmp member'], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
  });
  await new Promise((resolve) => leader.once('exit', resolve));
  return { pgid: leader.pid!, member: readPid(path.join(dir, 'member')) };
}

test('a group whose leader has exited is alive while another of its processes runs', async () => {
  const { pgid, member } = await orphanedGroup();
  try {
    assert.equal(groupAlive(pgid), true);
    assert.deepEqual(liveGroupMembers(pgid), [member]);
  } finally {
    process.kill(member, 'SIGKILL');
  }
});

test('signalGroup reaches every process of the group, not only its leader', {
  timeout: 60_000,
}, async () => {
  const { pgid, member } = await orphanedGroup();
  try {
    assert.equal(signalGroup(pgid, 'SIGTERM'), true);
    await until(() => stat(member) === undefined || stat(member)?.state === 'Z');
    assert.equal(groupAlive(pgid), false);
  } finally {
    if (stat(member) !== undefined) process.kill(member, 'SIGKILL');
  }
});

test('a group that does not exist is not alive', () => {
  // Pid 2^22 - 1 is the largest pid_max allows and is never given to the tests' processes.
  assert.equal(groupAlive(4_194_303), false);
  assert.deepEqual(liveGroupMembers(4_194_303), []);
  assert.equal(signalGroup(4_194_303, 'SIGTERM'), false);
});
