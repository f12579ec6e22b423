// `mcpctl tools`: one server, one tool, every server at once, over stdio, Streamable HTTP and
// SSE, with the config's filters and a malformed tool; in a pipe, on a terminal and as JSON.
// server-everything is started over HTTP and SSE once for the file; the tests of one server after
// the first (in a pipe, over stdio) use the HTTP one instead of starting another per run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { run, runBin, jsonError, ROOT } from '../helpers/run.js';
import { mcpJsonProject } from '../helpers/mcp-json-project.js';
import { runPty } from '../helpers/pty.js';
import { unlessInstalled } from '../helpers/requires.js';
import { startEverything, type Everything } from '../helpers/everything.js';
import { everything, memory, fixtures } from '../mcp/helpers.js';

const FAULT = path.join(fixtures, 'fault-server.js');
let dir: string;
let env: Record<string, string>;
let http: Everything;
let sse: Everything;

before(async () => {
  [http, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  ({ dir, env } = mcpJsonProject({
    everything: { command: process.execPath, args: [everything, 'stdio'] },
    memory: {
      command: process.execPath,
      args: [memory],
      env: { MEMORY_FILE_PATH: path.join(os.tmpdir(), `mcpctl-mem-${process.pid}.jsonl`) },
    },
    http: { url: http.url },
    sse: { type: 'sse', url: sse.url },
    fallback: { url: sse.url },
    filtered: {
      url: http.url,
      enabledTools: ['get-*', 'echo'],
      disabledTools: ['get-env'],
    },
    broken: { command: process.execPath, args: [FAULT, 'serve', 'malformed-tool'] },
  }));
});
after(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
});

const opts = () => ({ cwd: dir, home: dir, env });

test('tools SERVER in a pipe: one tab-separated row per tool', async () => {
  const r = await run(['tools', 'everything'], opts());
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  const echo = rows.find((row) => row[0] === 'echo');
  assert.ok(echo, 'echo is listed');
  assert.equal(echo.length, 4);
  assert.equal(echo[3], 'message', 'required arguments in the last column');
  assert.ok(rows.some((row) => row[0] === 'get-sum'));
});

test('tools SERVER --json is the ListToolsResult with full tool objects', async () => {
  const r = await run(['tools', 'http', '--json'], opts());
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as {
    tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[];
  };
  assert.deepEqual(Object.keys(doc), ['tools']);
  const echo = doc.tools.find((t) => t.name === 'echo');
  assert.ok(echo?.inputSchema.properties?.message);
});

test('tools SERVER on a terminal is a table, with a spinner on stderr', async () => {
  const r = await run(['tools', 'http'], { ...opts(), tty: true });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /listing tools of http/, 'the spinner ran on the terminal');
  const pipe = await run(['tools', 'http'], opts());
  assert.equal(pipe.stderr, '', 'no spinner and nothing else in a pipe');
  const json = await run(['tools', 'http', '--json'], { ...opts(), tty: true });
  assert.doesNotMatch(json.stderr, /listing tools/, 'no spinner with --json');
  assert.match(r.stdout, /NAME.*DESCRIPTION.*REQUIRED/);
  assert.match(r.stdout, /^echo {2,}Echoes back the input/m);
});

test('tools SERVER TOOL shows one tool in full; --json the Tool object', async () => {
  const r = await run(['tools', 'http', 'get-structured-content'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Arguments:\n {2}location +"New York"\|"Chicago"\|"Los Angeles", required +Choose city/);
  assert.match(r.stdout, /Output schema:/);
  const j = await run(['tools', 'http', 'echo', '--json'], opts());
  const tool = JSON.parse(j.stdout) as { name: string; inputSchema: unknown };
  assert.equal(tool.name, 'echo');
  assert.ok(tool.inputSchema);
});

test('an unknown tool is exit 2 with a suggestion', async () => {
  const r = await run(['tools', 'http', 'ech'], opts());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no tool "ech"/);
  assert.match(r.stderr, /"echo"/);
});

test('tools over Streamable HTTP, SSE, the SSE fallback and an ad-hoc URL', async () => {
  for (const target of ['http', 'sse', 'fallback', http.url]) {
    const r = await run(['tools', target, '--json'], opts());
    assert.equal(r.code, 0, `${target}: ${r.stderr}`);
    assert.ok(
      (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.some((t) => t.name === 'echo'),
      target,
    );
  }
});

test('tools with --stdio runs an ad-hoc server', async () => {
  const r = await run(['--stdio', `${process.execPath} ${everything} stdio`, 'tools', '--json'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.ok((JSON.parse(r.stdout) as { tools: unknown[] }).tools.length > 5);
});

test('enabledTools and disabledTools filter the list', async () => {
  const r = await run(['tools', 'filtered', '--json'], opts());
  const names = (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
  assert.ok(names.includes('echo') && names.includes('get-sum'));
  assert.ok(!names.includes('get-env'), 'disabled by glob');
  assert.ok(!names.includes('trigger-long-running-operation'), 'not enabled');
  const one = await run(['tools', 'filtered', 'get-env'], opts());
  assert.equal(one.code, 2);
});

test('a malformed tool is left out with a warning; the rest still list', async () => {
  const r = await run(['tools', 'broken'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /tool "broken" is malformed/);
  assert.deepEqual(
    r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')[0]),
    ['echo', 'big', 'hang', 'crash'],
  );
});

test('tools with no SERVER lists every server; a failing one does not hide the others', async () => {
  const { dir: d, env: e } = mcpJsonProject({
    everything: { command: process.execPath, args: [everything, 'stdio'] },
    missing: { command: path.join(os.tmpdir(), 'no-such-program-mcpctl') },
    off: { command: 'whatever', disabled: true },
    fault: { command: process.execPath, args: [FAULT, 'serve'] },
  });
  const pipe = await run(['tools'], { cwd: d, home: d, env: e });
  assert.equal(pipe.code, 3, 'the exit code of the failing server');
  const names = pipe.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t')[0]);
  assert.ok(names.includes('everything__echo') && names.includes('fault__echo'), names.join(','));
  assert.match(pipe.stderr, /missing/);
  const json = await run(['tools', '--json'], { cwd: d, home: d, env: e });
  assert.equal(json.code, 3);
  const doc = JSON.parse(json.stdout) as {
    results: { server: string; result: { tools: unknown[] } }[];
    errors: { server: string; code: number; kind: string; phase: string }[];
  };
  assert.deepEqual(
    doc.results.map((r) => r.server),
    ['everything', 'fault'],
  );
  assert.equal(doc.errors.length, 1);
  assert.equal(doc.errors[0].server, 'missing');
  assert.equal(doc.errors[0].kind, 'connection');
  assert.equal(doc.errors[0].phase, 'spawn');
});

test('the example config works through bin/ in every output mode', { skip: unlessInstalled('script') }, async () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-home-'));
  const e = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, 'c') };
  // As the README's first screen runs it: naming the repository's config is the consent to start it.
  const r = await runBin(['-c', '.mcp.json', 'tools', 'everything', '--json'], { cwd: ROOT, env: e });
  assert.equal(r.code, 0, r.stderr);
  const names = (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);
  assert.ok(names.length > 5 && names.includes('echo'), names.join(','));
  // A pipe: one tab-separated row per tool, the name first.
  const piped = await runBin(['-c', '.mcp.json', 'tools', 'everything'], { cwd: ROOT, env: e });
  assert.equal(piped.code, 0, piped.stderr);
  assert.deepEqual(
    piped.stdout
      .trimEnd()
      .split('\n')
      .map((row) => row.split('\t')[0]),
    names,
  );
  // A terminal: a table with a header row.
  const pty = await runPty(['-c', '.mcp.json', 'tools', 'everything', '--no-color'], { columns: 120, env: e });
  const terminal = { code: pty.code, screen: plain(pty.raw).replace(/\r/g, '') };
  assert.equal(terminal.code, 0, terminal.screen);
  // TITLE gives way to the descriptions at this width.
  assert.match(terminal.screen, /NAME\b.*DESCRIPTION/);
  assert.match(terminal.screen, /\becho {2,}Echoes back the input string/);
  assert.doesNotMatch(terminal.screen, /^echo\t/m, 'a table, not the rows of a pipe');
  const bad = await runBin(['-c', '.mcp.json', 'tools', 'nope', '--json'], { cwd: ROOT, env: e });
  assert.equal(bad.code, 2);
  assert.equal(jsonError(bad.stderr).error.kind, 'usage');
});

test('tools --json of every server: a failure quoting a secret of its env is masked in errors[]', async () => {
  const secret = 'sekret-tools-5151515151';
  const { dir, env } = mcpJsonProject({
    leaky: {
      command: process.execPath,
      args: [path.join(fixtures, 'started-server.js'), 'crash'],
      env: { TOKEN: '${MY_TOKEN}' },
    },
  });
  const r = await run(['tools', '--json'], { cwd: dir, home: dir, env: { ...env, MY_TOKEN: secret } });
  assert.equal(r.code, 3, r.stderr);
  assert.ok(!r.stdout.includes(secret) && !r.stderr.includes(secret), 'the secret is shown');
  const doc = JSON.parse(r.stdout) as { errors: { server?: string; message: string }[] };
  assert.match(doc.errors[0]?.message ?? '', /token=\*\*\*/);
});

test('a list of 1200 one-tool pages is listed whole; a server repeating a cursor is exit 5, not a list cut short', async () => {
  const paged = path.join(fixtures, 'paged-server.js');
  const all = await run(['--stdio', `${process.execPath} ${paged} 1200`, 'tools'], {
    home: mkdtempSync(path.join(os.tmpdir(), 'mcpctl-paged-')),
  });
  assert.equal(all.code, 0, all.stderr);
  assert.equal(all.stdout.trimEnd().split('\n').length, 1200);
  assert.match(all.stdout, /^tool_1199\t/m);
  const looping = await run(['--stdio', `${process.execPath} ${paged} 1200 loop`, 'tools'], {
    home: mkdtempSync(path.join(os.tmpdir(), 'mcpctl-paged-')),
  });
  assert.equal(looping.code, 5, looping.stderr);
  assert.equal(looping.stdout, '', 'no part of the list is passed off as all of it');
  assert.match(looping.stderr, /tools\/list sent the cursor of an earlier page again/);
});
