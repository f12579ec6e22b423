// The watchdog of a stdio server's process group, stood down by release(): it must end without
// touching the group (once released, the group id may already name someone else's processes).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startWatchdog } from '../../src/mcp/stdio/spawn.js';

/** The pid of the running watchdog of group `pgid`, found by its command line. */
function watchdogOf(pgid: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (argv.includes('mcpctl-watchdog') && argv.includes(String(pgid)) && state !== 'Z') return Number(entry);
    } catch {
      // ended while we looked
    }
  }
  return undefined;
}

/** Polls until `check` holds; the test's own timeout bounds a wait that never ends. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

test('a released watchdog ends and leaves the group running', { timeout: 60_000 }, async () => {
  const group = spawn('sleep', ['1000'], { detached: true, stdio: 'ignore' });
  const pgid = group.pid!;
  let ended: string | undefined;
  group.on('exit', (code, signal) => {
    ended = `exit ${code ?? signal}`;
  });
  try {
    const release = startWatchdog(pgid);
    await until(() => watchdogOf(pgid) !== undefined);
    release();
    await until(() => watchdogOf(pgid) === undefined);
    assert.equal(ended, undefined, 'the watchdog signalled the group it was released from');
    process.kill(-pgid, 0); // the group is still there
  } finally {
    group.kill('SIGKILL');
  }
});
