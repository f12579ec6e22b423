// --record FILE and --replay FILE against real servers over real transports: server-everything
// over stdio (started through a launcher that logs its pid) and over Streamable HTTP. A replay
// runs with the server unavailable (a command that does not exist, a port nobody listens on)
// and prints byte for byte what the recorded run printed; a different request is exit 3 naming
// it; a secret the server echoes never reaches the file; a bad --record path is exit 2 before
// any server starts; nothing recorded is left running.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { jsonError, run } from '../helpers/run.js';
import { FIXTURE } from '../helpers/call-project.js';
import { startEverything, type Everything } from '../helpers/everything.js';
import { assertAllEnded, everything, logLines, tempDir } from '../mcp/helpers.js';

const SECRET = 'rr-secret-7f3a9c21';
const dir = tempDir('record-replay');
const pidLog = path.join(dir, 'pids.log');
const launcher = path.join(dir, 'launch.mjs');
// The real server, started through a file that first logs its pid (for "nothing left behind").
writeFileSync(
  launcher,
  `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(pidLog)}, process.pid + '\\n');\nawait import(${JSON.stringify(everything)});\n`,
);
const env = { PATH: process.env.PATH, HOME: dir, RR_SECRET: SECRET };
const opts = { cwd: dir, home: dir, env };

function config(name: string, servers: Record<string, unknown>): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return file;
}
const live = config('live.json', {
  everything: { command: process.execPath, args: [launcher], env: { API_KEY: '${RR_SECRET}' } },
});
// The same server name, but nothing that could start: a replay that spawned would fail.
const gone = config('gone.json', {
  everything: { command: path.join(dir, 'no-such-server'), env: { API_KEY: '${RR_SECRET}' } },
});

/** `work` run while every child_process.spawn in this process is counted (ESM imports see the patch). */
async function countingSpawns<T>(work: () => Promise<T>): Promise<{ value: T; spawns: number }> {
  const childProcess = createRequire(import.meta.url)('node:child_process') as { spawn: (...a: unknown[]) => unknown };
  const real = childProcess.spawn;
  let spawns = 0;
  childProcess.spawn = (...args: unknown[]) => {
    spawns++;
    return real(...args);
  };
  syncBuiltinESMExports();
  try {
    return { value: await work(), spawns };
  } finally {
    childProcess.spawn = real;
    syncBuiltinESMExports();
  }
}

let http: Everything;
let webLive: string;
let webGone: string;
before(async () => {
  http = await startEverything('streamableHttp');
  webLive = config('web-live.json', { web: { url: http.url, headers: { Authorization: 'Bearer ${RR_SECRET}' } } });
});
after(() => http?.stop());

test('tools --json over stdio: replayed with no server, the output is the recorded one byte for byte', async () => {
  const recorded = await run(['-c', live, 'tools', 'everything', '--json', '--record', 'tools.json'], opts);
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.ok(JSON.parse(recorded.stdout).tools.length > 0);
  const replayed = await run(['-c', gone, 'tools', 'everything', '--json', '--replay', 'tools.json'], opts);
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.equal(replayed.stdout, recorded.stdout);
  // With the real server's config too, a replay starts nothing.
  const counted = await countingSpawns(() =>
    run(['-c', live, 'tools', 'everything', '--json', '--replay', 'tools.json'], opts),
  );
  assert.equal(counted.value.stdout, recorded.stdout);
  assert.equal(counted.spawns, 0, 'a replay spawned a process');
  const file = JSON.parse(readFileSync(path.join(dir, 'tools.json'), 'utf8'));
  assert.equal(file.mcpctlRecording, 1);
  const [connection] = file.servers.find((s: { server: string }) => s.server === 'everything').connections;
  assert.equal(connection.transport, 'stdio');
  assert.match(connection.protocolVersion, /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(
    connection.events
      .filter((e: { send?: { method?: string } }) => e.send?.method)
      .map((e: { send: { method: string } }) => e.send.method),
    ['initialize', 'notifications/initialized', 'tools/list'],
  );
});

test('call over stdio, piped: replayed byte for byte; every server the run started has ended', async () => {
  writeFileSync(pidLog, '');
  const recorded = await run(
    ['-c', live, 'call', 'everything', 'echo', 'message=hello replay', '--record', 'call.json'],
    opts,
  );
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.match(recorded.stdout, /hello replay/);
  assertAllEnded(logLines(pidLog).map(Number));
  const replayed = await run(
    ['-c', gone, 'call', 'everything', 'echo', 'message=hello replay', '--replay', 'call.json'],
    opts,
  );
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.equal(replayed.stdout, recorded.stdout);
});

test('status --json: the replay prints the recorded latency too, byte for byte', async () => {
  const recorded = await run(['-c', live, 'status', 'everything', '--json', '--record', 'status.json'], opts);
  assert.equal(recorded.code, 0, recorded.stderr);
  const replayed = await run(['-c', gone, 'status', 'everything', '--json', '--replay', 'status.json'], opts);
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.equal(replayed.stdout, recorded.stdout);
});

test('a replayed call with other arguments, or another tool, is exit 3 naming the server, the request and the difference', async () => {
  const changed = await run(
    ['-c', gone, 'call', 'everything', 'echo', 'message=something else', '--replay', 'call.json', '--json'],
    opts,
  );
  assert.equal(changed.code, 3, changed.stderr);
  assert.equal(changed.stdout, '');
  const { error } = jsonError(changed.stderr);
  assert.equal(error.kind, 'connection');
  assert.equal(error.server, 'everything');
  assert.equal(error.phase, 'request');
  assert.match(error.message, /--replay call\.json: server "everything": request tools\/call \("echo"\)/);
  assert.match(error.message, /params\.arguments\.message: recorded "hello replay", sent "something else"/);

  const other = await run(['-c', gone, 'call', 'everything', 'get-sum', 'a=1', 'b=2', '--replay', 'call.json'], opts);
  assert.equal(other.code, 3, other.stderr);
  assert.match(
    other.stderr,
    /request tools\/call \("get-sum"\) was sent where the recording has request tools\/call \("echo"\)/,
  );
});

test('a secret interpolated into the server environment and echoed by it never reaches the recording', async () => {
  const recorded = await run(['-c', live, 'call', 'everything', 'get-env', '--record', 'env.json'], opts);
  assert.equal(recorded.code, 0, recorded.stderr);
  // Piped stdout is the data the user asked for: byte-exact, secret included.
  assert.ok(recorded.stdout.includes(SECRET), 'the server echoed its environment');
  const file = readFileSync(path.join(dir, 'env.json'), 'utf8');
  assert.ok(!file.includes(SECRET), 'the secret is in the recording');
  assert.match(file, /API_KEY\\": \\"\*\*\*\\"/);
});

test('tools --json and call over Streamable HTTP: replayed with nothing listening, byte for byte', async () => {
  const tools = await run(['-c', webLive, 'tools', 'web', '--json', '--record', 'web-tools.json'], opts);
  assert.equal(tools.code, 0, tools.stderr);
  const call = await run(
    ['-c', webLive, 'call', 'web', 'echo', 'message=over http', '--record', 'web-call.json'],
    opts,
  );
  assert.equal(call.code, 0, call.stderr);
  const file = readFileSync(path.join(dir, 'web-tools.json'), 'utf8');
  assert.ok(!file.includes(SECRET));
  // The probe's refusal (HTTP 400) is in the recording: replay takes the same fallback to initialize.
  assert.match(file, /"status": 400/);
  await http.stop();
  webGone = config('web-gone.json', { web: { url: http.url, headers: { Authorization: 'Bearer ${RR_SECRET}' } } });
  const toolsAgain = await run(['-c', webGone, 'tools', 'web', '--json', '--replay', 'web-tools.json'], opts);
  assert.equal(toolsAgain.code, 0, toolsAgain.stderr);
  assert.equal(toolsAgain.stdout, tools.stdout);
  const callAgain = await run(
    ['-c', webGone, 'call', 'web', 'echo', 'message=over http', '--replay', 'web-call.json'],
    opts,
  );
  assert.equal(callAgain.code, 0, callAgain.stderr);
  assert.equal(callAgain.stdout, call.stdout);
});

test('tools over several servers, one of them 2026-07-28: each is recorded under its name and replayed', async () => {
  const both = config('both.json', {
    everything: { command: process.execPath, args: [launcher] },
    modern: { command: process.execPath, args: [FIXTURE, 'modern'], protocolVersion: '2026-07-28' },
  });
  const bothGone = config('both-gone.json', {
    everything: { command: path.join(dir, 'no-such-server') },
    modern: { command: path.join(dir, 'no-such-server'), protocolVersion: '2026-07-28' },
  });
  const recorded = await run(['-c', both, 'tools', '--json', '--record', 'both.json'], opts);
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.deepEqual(
    JSON.parse(recorded.stdout).results.map((r: { server: string }) => r.server),
    ['everything', 'modern'],
  );
  const file = JSON.parse(readFileSync(path.join(dir, 'both.json'), 'utf8'));
  const revisions = Object.fromEntries(
    file.servers.map((s: { server: string; connections: Array<{ protocolVersion?: string }> }) => [
      s.server,
      s.connections.map((c) => c.protocolVersion),
    ]),
  );
  assert.deepEqual(revisions.modern, ['2026-07-28']);
  assert.equal(revisions.everything.length, 1);
  // Each answer once, as the server sent it (a 2026-07-28 result is completed on its way in).
  for (const server of file.servers) {
    const answers = server.connections[0].events
      .filter((e: { receive?: { id?: unknown; result?: unknown } }) => e.receive?.result !== undefined)
      .map((e: { receive: { id: unknown } }) => e.receive.id);
    assert.ok(answers.length >= 2, `${server.server}: answers were recorded`);
    assert.deepEqual(answers, [...new Set(answers)], `${server.server}: an answer was recorded twice`);
  }
  const replayed = await run(['-c', bothGone, 'tools', '--json', '--replay', 'both.json'], opts);
  assert.equal(replayed.code, 0, replayed.stderr);
  assert.equal(replayed.stdout, recorded.stdout);
});

test('a server that could not start is recorded so: its replay fails with the same error, spawning nothing', async () => {
  const recorded = await run(['-c', gone, 'tools', 'everything', '--json', '--record', 'no-start.json'], opts);
  assert.equal(recorded.code, 3, recorded.stderr);
  assert.match(jsonError(recorded.stderr).error.message, /command not found/);
  const replayed = await countingSpawns(() =>
    run(['-c', gone, 'tools', 'everything', '--json', '--replay', 'no-start.json'], opts),
  );
  assert.equal(replayed.spawns, 0);
  assert.equal(replayed.value.code, 3);
  assert.equal(replayed.value.stderr, recorded.stderr);
});

test('--record to a path that cannot be written is exit 2 naming the flag, before any server starts', async () => {
  writeFileSync(pidLog, '');
  mkdirSync(path.join(dir, 'a-directory'), { recursive: true });
  symlinkSync(path.join(dir, 'tools.json'), path.join(dir, 'link.json'));
  for (const [target, why] of [
    ['missing/dir/rec.json', /--record missing\/dir\/rec\.json: cannot write it/],
    ['a-directory', /--record a-directory: it is a directory/],
    ['link.json', /--record link\.json: it is a symlink/],
  ] as const) {
    const r = await run(['-c', live, 'tools', 'everything', '--json', '--record', target], opts);
    assert.equal(r.code, 2, r.stderr);
    assert.match(jsonError(r.stderr).error.message, why);
  }
  assert.deepEqual(logLines(pidLog), [], 'a server was started');
});

test('--replay of a missing or malformed file is exit 2 naming it; both flags at once are refused', async () => {
  writeFileSync(path.join(dir, 'not-a-recording.json'), '{"servers": []}');
  const missing = await run(['-c', gone, 'tools', 'everything', '--replay', 'nope.json'], opts);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--replay nope\.json: cannot read it: no such file/);
  const malformed = await run(['-c', gone, 'tools', 'everything', '--replay', 'not-a-recording.json'], opts);
  assert.equal(malformed.code, 2);
  assert.match(malformed.stderr, /--replay not-a-recording\.json: it is not a recording of mcpctl/);
  const both = await run(['-c', gone, 'tools', 'everything', '--replay', 'tools.json', '--record', 'x.json'], opts);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--record and --replay cannot be used together/);
});

test('a replay of a server the recording does not hold is exit 3 naming the server', async () => {
  const other = config('other.json', { other: { command: path.join(dir, 'no-such-server') } });
  const r = await run(['-c', other, 'tools', 'other', '--replay', 'tools.json'], opts);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /--replay tools\.json: server "other": the recording holds no connection to it/);
});
