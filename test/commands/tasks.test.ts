// Tasks: `call` of a task-based tool (required runs as a task unasked, optional with --task),
// `--detach` and `mcpctl tasks … --wait` from a second process, listing, cancelling, --timeout
// leaving the task running, Ctrl-C cancelling it (or not, with --keep), and a task waiting on
// input (asked on a terminal, declined in a pipe). On both wires: the core tasks of 2025-11-25
// and the 2026-07-28 tasks extension, against our task fixture and server-everything's
// simulate-research-query. The task fixture is served in this process over Streamable HTTP, one
// server an era (stateful sessions on 2025-11-25, so a task's question reaches the client that
// declared elicitation); nothing here is about stdio.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin, jsonError } from '../helpers/run.js';
import { eventually, everything as EVERYTHING } from '../mcp/helpers.js';
import { received, startTaskHttpServer, taskServer } from '../fixtures/task-server.js';
import { testClock } from '../helpers/clock.js';
import { eraEntries, serveEra } from '../fixtures/session-http.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-tasks-'));
const home = path.join(dir, 'home');
const config = path.join(dir, 'servers.json');
const env = { PATH: process.env.PATH, HOME: home };
const opts = (extra: Parameters<typeof run>[1] = {}) => ({ cwd: dir, home, env, ...extra });
const mcpctl = (args: string[], extra: Parameters<typeof run>[1] = {}) => run(['-c', config, ...args], opts(extra));

let http: RunningHttpServer;
let legacy: RunningHttpServer;
let modern: RunningHttpServer;
before(async () => {
  [http, legacy, modern] = await Promise.all([
    startTaskHttpServer(),
    serveEra('legacy', taskServer),
    serveEra('modern', taskServer),
  ]);
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  writeFileSync(config, JSON.stringify({ mcpServers: { ...eraEntries(legacy, modern), everything } }));
});
after(async () => {
  await Promise.all([http.close(), legacy.close(), modern.close()]);
});

/** The HTTP fixture in one era: 2025-11-25 pinned, or 2026-07-28 pinned. */
const eras = [
  { era: '2025-11-25', stdio: 'legacy', protocol: ['--protocol', '2025-11-25'] },
  { era: '2026-07-28', stdio: 'modern', protocol: ['--protocol', '2026-07-28'] },
] as const;

test('server-everything: a tool whose taskSupport is required runs as a task without being asked', async () => {
  const r = await mcpctl(['call', 'everything', 'simulate-research-query', 'topic=tides']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Research Report: tides/);
  assert.match(r.stderr, /simulate-research-query: task \S+ started on everything \(the tool runs only as a task\)/);
});

test('server-everything: a task that asks for input is declined in a pipe and still finishes', async () => {
  const r = await mcpctl(['call', 'everything', 'simulate-research-query', 'topic=python', 'ambiguous=true', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /asked for input .*declined: no terminal to ask on/);
  const result = JSON.parse(r.stdout) as { content: { type: string; text: string }[] };
  assert.match(result.content[0]!.text, /User declined/);
});

for (const { era, stdio } of eras) {
  test(`${era}: required runs as a task, optional answers at once unless --task`, async () => {
    received.length = 0;
    const required = await mcpctl(['call', stdio, 'report', 'text=tides', 'polls:=3']);
    assert.equal(required.code, 0, required.stderr);
    assert.equal(required.stdout, 'report: tides\n');
    assert.match(required.stderr, /report: task \S+ started/);

    const plain = await mcpctl(['call', stdio, 'maybe-report', 'text=now']);
    assert.equal(plain.code, 0, plain.stderr);
    if (era === '2025-11-25') {
      assert.equal(plain.stdout, 'report: now (no task)\n');
      assert.doesNotMatch(plain.stderr, /task/);
    } else {
      // The extension lets the server decide: this one makes every task-capable call a task.
      assert.equal(plain.stdout, 'report: now\n');
    }
    const asked = await mcpctl(['call', stdio, 'maybe-report', 'text=later', '--task']);
    assert.equal(asked.code, 0, asked.stderr);
    assert.equal(asked.stdout, 'report: later\n');
    assert.match(asked.stderr, /maybe-report: task \S+ started/);
  });

  test(`${era}: a task whose tool reports an error exits 6, its text on stderr`, async () => {
    const r = await mcpctl(['call', stdio, 'broken', '--json']);
    assert.equal(r.code, 6);
    assert.equal((JSON.parse(r.stdout) as { isError: boolean }).isError, true);
    assert.equal(jsonError(r.stderr).error.kind, 'tool');
  });

  test(`${era}: a task waiting on input is asked on a terminal and declined in a pipe`, async () => {
    const asked = await mcpctl(['call', stdio, 'ask', '--no-color'], { tty: true, stdinTTY: true, stdin: 'Ada\n\n' });
    assert.equal(asked.code, 0, asked.stderr);
    assert.match(asked.stdout, /hello Ada/);
    const piped = await mcpctl(['call', stdio, 'ask']);
    assert.equal(piped.code, 0, piped.stderr);
    assert.equal(piped.stdout, 'no name (decline)\n');
    assert.match(piped.stderr, /declined: no terminal to ask on/);
  });
}

test('--task on a tool that does not run as a task is exit 2 and nothing is called', async () => {
  received.length = 0;
  const r = await run(['call', http.url, 'plain', '--task', '--protocol', '2025-11-25', '--json'], opts());
  assert.equal(r.code, 2);
  assert.match(jsonError(r.stderr).error.message, /tool "plain" .* does not run as a task/);
  assert.ok(!received.some((line) => line.startsWith('tools/call')), received.join('\n'));
});

for (const { era, protocol } of eras) {
  test(`${era}: --detach prints the handle; a second process waits for the result`, async () => {
    const started = await run(
      ['call', http.url, 'report', 'text=later', 'polls:=2', '--detach', '--json', ...protocol],
      opts(),
    );
    assert.equal(started.code, 0, started.stderr);
    const handle = JSON.parse(started.stdout) as {
      server: string;
      taskId: string;
      status: string;
      pollInterval?: number;
    };
    assert.deepEqual(Object.keys(handle).sort(), ['pollInterval', 'server', 'status', 'taskId']);
    assert.equal(handle.server, http.url);
    assert.equal(handle.status, 'working');
    assert.ok(!received.includes(`tasks/get ${handle.taskId}`), 'a detached call does not poll');

    const status = await runBin(['tasks', http.url, handle.taskId, '--json', ...protocol], { cwd: dir, env });
    assert.equal(status.code, 0, status.stderr);
    assert.equal((JSON.parse(status.stdout) as { taskId: string }).taskId, handle.taskId);

    const waited = await runBin(['tasks', http.url, handle.taskId, '--wait', ...protocol], { cwd: dir, env });
    assert.equal(waited.code, 0, waited.stderr);
    assert.equal(waited.stdout, 'report: later\n');
  });

  test(`${era}: waiting for a detached task whose tool reports an error is exit 6, its text on stderr`, async () => {
    const started = await run(['call', http.url, 'broken', '--detach', ...protocol], opts());
    assert.equal(started.code, 0, started.stderr);
    const taskId = started.stdout.trim();
    const waited = await runBin(['tasks', http.url, taskId, '--wait', ...protocol], { cwd: dir, env });
    assert.equal(waited.code, 6, waited.stderr);
    assert.equal(waited.stdout, '');
    assert.match(waited.stderr, /^it broke$/m);
    assert.match(waited.stderr, /ended with a tool error/);
  });

  test(`${era}: tasks cancel cancels; waiting for a cancelled task is exit 6`, async () => {
    const started = await run(['call', http.url, 'hold', '--detach', ...protocol], opts());
    assert.equal(started.code, 0, started.stderr);
    const taskId = started.stdout.trim();
    const cancelled = await run(['tasks', 'cancel', http.url, taskId, '--json', ...protocol], opts());
    assert.equal(cancelled.code, 0, cancelled.stderr);
    assert.equal((JSON.parse(cancelled.stdout) as { status: string }).status, 'cancelled');
    assert.ok(received.includes(`tasks/cancel ${taskId}`));
    const waited = await run(['tasks', http.url, taskId, '--wait', '--json', ...protocol], opts());
    assert.equal(waited.code, 6);
    assert.match(jsonError(waited.stderr).error.message, /was cancelled/);
  });

  test(`${era}: --timeout bounds the waiting, not the task: exit 124, handle printed, task still working`, async (t) => {
    // --timeout bounds the whole command, the connect included: its 3 s pass on a clock the test
    // moves once mcpctl says the task started, so a slow machine never spends them before. The
    // clock goes to 2.9 s and stays: past where the waiting stops (a last look at the task must
    // still fit), short of where the work itself is stopped.
    const clock = testClock(t, { date: true });
    let started!: () => void;
    const taskStarted = new Promise<void>((resolve) => (started = resolve));
    const running = run(
      ['call', http.url, 'hold', '--timeout', '3', '--json', ...protocol],
      opts({ onStderr: (stderr) => /task \S+ started/.test(stderr) && started() }),
    );
    await taskStarted;
    clock.tick(2_900);
    const r = await clock.runDue(running);
    assert.equal(r.code, 124, r.stderr);
    const handle = JSON.parse(r.stdout) as { taskId: string; status: string };
    assert.equal(handle.status, 'working');
    const error = jsonError(r.stderr).error;
    assert.equal(error.kind, 'timeout');
    assert.match(error.hint ?? '', new RegExp(`mcpctl tasks .* ${handle.taskId} --wait`));
    assert.ok(!received.includes(`tasks/cancel ${handle.taskId}`), 'a timeout does not cancel the task');
    const status = await run(['tasks', http.url, handle.taskId, '--json', ...protocol], opts());
    assert.equal((JSON.parse(status.stdout) as { status: string }).status, 'working');
    await run(['tasks', 'cancel', http.url, handle.taskId, ...protocol], opts());
  });

  test(`${era}: Ctrl-C cancels the running task; with --keep it keeps running`, async () => {
    for (const keep of [false, true]) {
      received.length = 0;
      const interrupt = new AbortController();
      const running = run(
        ['call', http.url, 'hold', ...(keep ? ['--keep'] : []), ...protocol],
        opts({ signal: interrupt.signal }),
      );
      assert.ok(
        await eventually(() => received.some((line) => line.startsWith('tasks/get')), 20_000),
        'the task was polled',
      );
      interrupt.abort();
      const r = await running;
      assert.equal(r.code, 130, r.stderr);
      const taskId = received.find((line) => line.startsWith('created '))!.slice('created '.length);
      if (keep) {
        assert.ok(!received.includes(`tasks/cancel ${taskId}`));
        assert.match(r.stderr, new RegExp(`task ${taskId} keeps running`));
        await run(['tasks', 'cancel', http.url, taskId, ...protocol], opts());
      } else {
        assert.ok(received.includes(`tasks/cancel ${taskId}`), received.join('\n'));
        assert.match(r.stderr, new RegExp(`cancelled task ${taskId}`));
      }
    }
  });
}

// On 2026-07-28 only: the legacy HTTP fixture is stateless, so a second connection never declared
// the elicitation capability the waiting task's question needs.
test('2026-07-28: tasks --wait asks a person on a terminal what the task waits for', async () => {
  const protocol = ['--protocol', '2026-07-28'];
  const started = await run(['call', http.url, 'ask', '--detach', ...protocol], opts());
  assert.equal(started.code, 0, started.stderr);
  const waited = await run(
    ['tasks', http.url, started.stdout.trim(), '--wait', '--no-color', ...protocol],
    opts({ tty: true, stdinTTY: true, stdin: 'Ada\n\n' }),
  );
  assert.equal(waited.code, 0, waited.stderr);
  assert.match(waited.stdout, /hello Ada/);
  assert.match(waited.stderr, /asks: Who are you\?/);
});

test('2025-11-25: tasks SERVER lists the tasks; 2026-07-28 has no list and says how to see one', async () => {
  const started = await run(['call', http.url, 'hold', '--detach', '--protocol', '2025-11-25'], opts());
  const taskId = started.stdout.trim();
  const listed = await run(['tasks', http.url, '--protocol', '2025-11-25'], opts());
  assert.equal(listed.code, 0, listed.stderr);
  const row = listed.stdout.split('\n').find((line) => line.startsWith(`${taskId}\t`));
  assert.ok(row, listed.stdout);
  assert.equal(row.split('\t')[1], 'working');
  const json = await run(['tasks', http.url, '--json', '--protocol', '2025-11-25'], opts());
  assert.ok((JSON.parse(json.stdout) as { tasks: { taskId: string }[] }).tasks.some((t) => t.taskId === taskId));
  await run(['tasks', 'cancel', http.url, taskId, '--protocol', '2025-11-25'], opts());

  const modern = await run(['tasks', http.url, '--json', '--protocol', '2026-07-28'], opts());
  assert.equal(modern.code, 2);
  const error = jsonError(modern.stderr).error;
  assert.match(error.message, /does not list its tasks/);
  assert.match(error.hint ?? '', /mcpctl tasks .* TASK/);
});
