// Whether a server's process group still runs, as teardown asks it: a group left with only a
// zombie (a dead process nobody reaps, as under an init that does not reap orphans) has ended;
// a group with one running process has not, nor one of another user's processes (a server run
// through sudo). And what left the group (setsid) is found through the process tree, known by
// its start time, and signalled only while it is the same process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs, { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { unlessInstalled } from '../helpers/requires.js';
import {
  escapedDescendants,
  groupAlive,
  liveEscaped,
  liveGroupMembers,
  signalEscaped,
  signalGroup,
} from '../../src/mcp/stdio/process-group.js';

/** State, process group and start time (clock ticks since boot) of `pid` from /proc, or undefined once it is gone. */
function stat(pid: number): { state: string; pgid: number; start: string } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { state: fields[0]!, pgid: Number(fields[2]), start: fields[19]! };
  } catch {
    return undefined;
  }
}

/** The program `pid` runs (its command name), or undefined once it is gone. */
function command(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const running = (pid: number) => ![undefined, 'Z'].includes(stat(pid)?.state);

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
  // The leader waits for the test's `go` too: on a busy machine all of this could otherwise be
  // over, the leader exited, before the test first looks at the group.
  const leader = spawn('sh', ['-c', 'sh ./parent.sh & while [ ! -f parent ] || [ ! -f go ]; do sleep 0.05; done'], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
  });
  const pgid = leader.pid!;
  let parent = 0;
  try {
    assert.equal(groupAlive(pgid), true, 'the leader runs');
    const exited = new Promise((resolve) => leader.once('exit', resolve));
    writeFileSync(path.join(dir, 'go'), '');
    await exited;
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

test('the members of a group are the pids of its processes, and nothing else of /proc', () => {
  // This process's own group (the test runner's): /proc/self names this process too, by no pid.
  const own = stat(process.pid)!.pgid;
  const members = liveGroupMembers(own)!;
  assert.ok(members.includes(process.pid), `${process.pid} is in its group: ${members.join(' ')}`);
  for (const pid of members) assert.ok(Number.isInteger(pid) && pid > 0, `${pid} is a pid`);
});

test("a group of another user's processes is alive though it may not be signalled (a server run through sudo)", {
  timeout: 60_000,
  skip: process.getuid?.() !== 0 ? 'needs root, to ask as another user' : unlessInstalled('setpriv'),
}, () => {
  const group = spawn('sleep', ['1000'], { detached: true, stdio: 'ignore' });
  try {
    // Asked by an unprivileged user: kill(-pgid, 0) fails with EPERM, and /proc has the answer.
    // The module (which imports nothing but Node's) is copied where that user may read it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-group-'));
    chmodSync(dir, 0o755);
    const module = path.join(dir, 'process-group.mjs');
    copyFileSync(new URL('../../src/mcp/stdio/process-group.js', import.meta.url), module);
    chmodSync(module, 0o644);
    const asked = spawnSync(
      'setpriv',
      [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        '--input-type=module',
        '-e',
        `import { groupAlive } from ${JSON.stringify(pathToFileURL(module).href)}; process.stdout.write(String(groupAlive(${group.pid})));`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(asked.status, 0, asked.stderr);
    assert.equal(asked.stdout, 'true');
  } finally {
    group.kill('SIGKILL');
  }
});

test('what left the group (setsid) is found through the tree, by pid and start time, and signalled', {
  timeout: 60_000,
  skip: unlessInstalled('setsid'),
}, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-group-'));
  // The leader's child (same group) starts a child in a session of its own, which starts a
  // grandchild there: both have left the leader's group, and only the tree links them to it.
  writeFileSync(
    path.join(dir, 'member.sh'),
    [
      "setsid sh -c 'sleep 1000 & echo $! > below.tmp && mv below.tmp below; exec sleep 1000' &",
      'echo $! > escaped.tmp && mv escaped.tmp escaped',
      'wait',
      '',
    ].join('\n'),
  );
  const leader = spawn('sh', ['-c', 'sh ./member.sh & wait'], { cwd: dir, detached: true, stdio: 'ignore' });
  const pgid = leader.pid!;
  let escaped = 0;
  let below = 0;
  try {
    await until(() => readPid(path.join(dir, 'below')) > 0 && readPid(path.join(dir, 'escaped')) > 0);
    escaped = readPid(path.join(dir, 'escaped'));
    below = readPid(path.join(dir, 'below'));
    // Once it runs sleep, its own `mv` (a child in its session, alive past the rename) has ended.
    await until(() => stat(escaped)?.pgid === escaped && command(escaped) === 'sleep');
    const found = escapedDescendants(pgid);
    const byPid = (a: { pid: number }, b: { pid: number }) => a.pid - b.pid;
    const expected = [escaped, below].map((pid) => ({ pid, start: stat(pid)!.start })).sort(byPid);
    assert.deepEqual([...found].sort(byPid), expected, 'the two that left, each once; not the group itself');
    assert.deepEqual(escapedDescendants(escaped), [], 'nothing below them left their group');
    assert.deepEqual([...liveEscaped(found)].sort(byPid), expected);
    // A pid with another start time is another process (the pid was reused): never it.
    assert.deepEqual(liveEscaped([{ pid: escaped, start: '1' }]), []);
    assert.deepEqual(liveEscaped([{ pid: 4_194_303, start: '1' }]), []);
    // Ended but not reaped (its parent is sleep, which never reaps): no longer running.
    process.kill(below, 'SIGKILL');
    await until(() => stat(below)?.state === 'Z');
    assert.deepEqual(liveEscaped(found), [{ pid: escaped, start: expected.find((e) => e.pid === escaped)!.start }]);
    assert.deepEqual(
      escapedDescendants(pgid).map((e) => e.pid),
      [escaped],
    );
    signalEscaped(found, 'SIGTERM');
    await until(() => !running(escaped));
    assert.deepEqual(liveEscaped(found), []);
  } finally {
    for (const pid of [escaped, below]) if (pid > 0 && running(pid)) process.kill(pid, 'SIGKILL');
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Ended by itself once `escaped` had (each shell waits for its child).
    }
  }
});

test('a process that ends while /proc is read is passed over, not a crash of teardown', (t) => {
  // The race (listed by readdir, gone before its stat is read) made certain: /proc lists one
  // pid more, of no process (2^22 - 1, the largest pid_max allows).
  const real = fs.readdirSync;
  const listing = t.mock.method(fs, 'readdirSync', ((dir: fs.PathLike, ...rest: unknown[]) => {
    const entries = (real as (dir: fs.PathLike, ...rest: unknown[]) => string[])(dir, ...rest);
    return dir === '/proc' ? [...entries, '4194303'] : entries;
  }) as typeof fs.readdirSync);
  syncBuiltinESMExports();
  try {
    const own = stat(process.pid)!.pgid;
    assert.ok(liveGroupMembers(own)!.includes(process.pid));
    assert.equal(groupAlive(own), true);
    assert.deepEqual(escapedDescendants(4_194_303), []);
    assert.ok(listing.mock.callCount() >= 3, 'the listing of /proc was the one given');
  } finally {
    listing.mock.restore();
    syncBuiltinESMExports();
  }
});

/**
 * Runs `check` while /proc shows `pid` as a zombie (a main thread that has exited) and each of
 * its threads in the state `threadState` gives for it (undefined: that thread's stat cannot be
 * read); `taskListing: false` makes its thread list unreadable, as when the process is reaped
 * between the two reads.
 */
function asExitedLeader(
  t: import('node:test').TestContext,
  pid: number,
  threadState: (tid: string) => string | undefined,
  check: () => void,
  taskListing = true,
): void {
  const realRead = fs.readFileSync;
  const realList = fs.readdirSync;
  const gone = () => Object.assign(new Error('gone'), { code: 'ENOENT' });
  const withState = (text: string, state: string) => {
    const cut = text.lastIndexOf(')') + 2;
    return `${text.slice(0, cut)}${state}${text.slice(cut + 1)}`;
  };
  t.mock.method(fs, 'readFileSync', ((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
    const text = (realRead as (f: fs.PathOrFileDescriptor, ...r: unknown[]) => string)(file, ...rest);
    const name = String(file);
    if (name === `/proc/${pid}/stat`) return withState(text, 'Z');
    const thread = name.match(new RegExp(`^/proc/${pid}/task/(\\d+)/stat$`));
    if (!thread) return text;
    const state = threadState(thread[1]!);
    if (state === undefined) throw gone();
    return withState(text, state);
  }) as typeof fs.readFileSync);
  t.mock.method(fs, 'readdirSync', ((dir: fs.PathLike, ...rest: unknown[]) => {
    if (!taskListing && String(dir) === `/proc/${pid}/task`) throw gone();
    return (realList as (d: fs.PathLike, ...r: unknown[]) => string[])(dir, ...rest);
  }) as typeof fs.readdirSync);
  syncBuiltinESMExports();
  try {
    check();
  } finally {
    t.mock.restoreAll();
    syncBuiltinESMExports();
  }
}

test('a group whose leader shows Z while one of its threads still runs is alive (it still holds its files)', async (t) => {
  // Node runs several threads; the main one's task id is the pid.
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { detached: true, stdio: 'ignore' });
  const pid = child.pid!;
  const leader = String(pid);
  const alive = (expected: boolean, why: string) => () => {
    assert.equal(groupAlive(pid), expected, why);
    assert.deepEqual(liveGroupMembers(pid), expected ? [pid] : []);
  };
  try {
    await until(() => fs.readdirSync(`/proc/${pid}/task`).length > 1);
    asExitedLeader(t, pid, (tid) => (tid === leader ? 'Z' : 'S'), alive(true, 'the other threads run'));
    asExitedLeader(t, pid, () => 'Z', alive(false, 'every thread a zombie: the group has ended'));
    asExitedLeader(t, pid, () => 'X', alive(false, 'every thread dead: the group has ended'));
    asExitedLeader(t, pid, () => undefined, alive(false, 'no thread readable: ended meanwhile'));
    asExitedLeader(t, pid, () => 'S', alive(false, 'reaped between the reads: ended'), false);
  } finally {
    child.kill('SIGKILL');
  }
});
