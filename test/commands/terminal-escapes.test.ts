// Server text never reaches a terminal as control sequences: every surface of a hostile server
// (test/fixtures/hostile-server.ts) drawn for a terminal, its raw bytes checked; and in a pipe or
// with --json, the same text arrives byte for byte. The surfaces run in-process with stdin, stdout
// and stderr terminals (what mcpctl writes is a function of that alone), against the hostile server
// over Streamable HTTP, served by this process for the whole file; through bin/ under a real
// pseudo-terminal, against it over stdio, run what only a real process shows: a server's own
// stderr (it could reach the terminal without passing through mcpctl), our colours, and --json on
// a terminal.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin } from '../helpers/run.js';
import { HOSTILE_SERVER as SERVER } from '../helpers/servers-config.js';
import { runPty } from '../helpers/pty.js';
import { unlessInstalled } from '../helpers/requires.js';
import { ATTACKS, HOSTILE_TOOL, hostile } from '../fixtures/hostile-data.js';
import { serveHostileHttp } from '../fixtures/hostile-server.js';
import type { RunningHttpServer } from '../fixtures/node-http.js';
import { escapeControls } from '../../src/escape.js';

let dir: string;
/** The hostile server over stdio (and one that crashes before the handshake): for bin/. */
let config: string;
/** The same server as `hostile`, over HTTP: for the runs in-process. */
let httpConfig: string;
let namesConfig: string;
let web: RunningHttpServer | undefined;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-hostile-'));
  config = path.join(dir, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        hostile: { command: process.execPath, args: [SERVER] },
        crash: { command: process.execPath, args: [SERVER, 'crash'] },
      },
    }),
  );
  web = await serveHostileHttp();
  httpConfig = path.join(dir, 'http.json');
  writeFileSync(httpConfig, JSON.stringify({ mcpServers: { hostile: { url: web.url } } }));
  namesConfig = path.join(dir, 'names.json');
  writeFileSync(
    namesConfig,
    JSON.stringify({
      mcpServers: { [hostile('config-name')]: { command: hostile('config-command'), args: [hostile('config-arg')] } },
    }),
  );
});
after(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The tests that need a pseudo-terminal (util-linux `script`). */
const pty = { skip: unlessInstalled('script') };

const env = () => ({ PATH: process.env.PATH, HOME: dir, TERM: 'xterm-256color' });

/** Fails on any attack that reached the terminal as itself. */
function assertNoAttack(raw: string, what: string): void {
  for (const [name, attack] of Object.entries(ATTACKS))
    assert.ok(!raw.includes(attack), `${what}: the ${name} sequence reached the terminal`);
  assert.ok(!raw.includes('\x1b]'), `${what}: an OSC sequence reached the terminal`);
  assert.ok(!raw.includes('\x07'), `${what}: BEL reached the terminal`);
  assert.doesNotMatch(raw, /[\u0080-\u009f]/, `${what}: a C1 control reached the terminal`);
  assert.doesNotMatch(
    raw,
    /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/,
    `${what}: a bidirectional or zero-width character reached the terminal`,
  );
}

/** Wide enough for nothing to wrap: each hostile string is some 300 columns once escaped, a table of three about 1000. */
const WIDE = 1500;

/**
 * Runs in-process on terminals (stdin, stdout, stderr) wide enough for nothing to wrap, checks
 * what stdout and stderr were sent, returns it.
 */
async function onTerminal(argv: string[], expectedCode: number, input = ''): Promise<string> {
  const r = await run(['-c', httpConfig, ...argv], {
    tty: true,
    stdinTTY: true,
    stdin: input,
    columns: WIDE,
    env: env(),
    cwd: dir,
    home: dir,
  });
  const raw = r.stdout + r.stderr;
  assert.equal(r.code, expectedCode, `mcpctl ${argv.join(' ')}: exit ${r.code}\n${raw}`);
  assertNoAttack(raw, argv.join(' '));
  return raw;
}

/** The same through bin/ under a real pseudo-terminal: the raw bytes the terminal received. */
async function onRealTerminal(argv: string[], expectedCode: number): Promise<string> {
  const r = await runPty(['-c', config, ...argv], { columns: WIDE, env: env(), cwd: dir });
  assert.equal(r.code, expectedCode, `mcpctl ${argv.join(' ')}: exit ${r.code}\n${r.raw}`);
  assertNoAttack(r.raw, argv.join(' '));
  return r.raw;
}

/** The whole hostile string, shown escaped, in one piece. */
function shown(raw: string, label: string): void {
  assert.ok(raw.includes(escapeControls(hostile(label))), `"${label}" is not shown escaped:\n${raw}`);
}

test('tools: names, titles, descriptions and argument names are escaped', async () => {
  const list = await onTerminal(['tools', 'hostile'], 0);
  for (const label of ['echo-title', 'echo-description', 'evil-tool'])
    assert.ok(list.includes(`${label}\\x1b]52`), `${label} in the table`);
  const one = await onTerminal(['tools', 'hostile', 'echo'], 0);
  for (const label of ['echo-title', 'echo-description', 'arg-name', 'arg-description']) shown(one, label);
  const named = await onTerminal(['tools', 'hostile', HOSTILE_TOOL], 0);
  shown(named, 'evil-tool');
});

test('call: text, isError text, JSON-RPC errors, progress and log messages are escaped', async () => {
  shown(await onTerminal(['call', 'hostile', 'echo'], 0), 'call-text');
  shown(await onTerminal(['call', 'hostile', 'fail'], 6), 'error-text');
  // Error messages have their whitespace (the \r among it) made plain spaces.
  assert.ok(
    (await onTerminal(['call', 'hostile', 'rpc-error'], 5)).includes('rpc-message\\x1b]52;c;'),
    'the JSON-RPC error message',
  );
  shown(await onTerminal(['call', 'hostile', 'progress'], 0), 'progress-message');
  const logs = await onTerminal(['call', 'hostile', 'logs', '--log-level', 'debug'], 0);
  shown(logs, 'log-data');
  shown(logs, 'log-logger');
});

test('call: an elicitation question and its fields are escaped', async () => {
  const raw = await onTerminal(['call', 'hostile', 'ask'], 0, '');
  shown(raw, 'question');
  shown(raw, 'field');
  shown(raw, 'field-description');
});

test('status: server info and instructions are escaped', async () => {
  const one = await onTerminal(['status', 'hostile'], 0);
  for (const label of ['server-name', 'server-version', 'instructions']) shown(one, label);
});

test("a server's own stderr, with -v and in a connection error, reaches a real terminal escaped", pty, async () => {
  shown(await onRealTerminal(['-v', 'tools', 'hostile'], 0), 'stderr-line');
  shown(await onRealTerminal(['status', 'crash'], 3), 'stderr-line');
  shown(await onRealTerminal(['tools', 'crash'], 3), 'stderr-line');
});

test('resources and prompts: lists, reads, prompt text and completion values are escaped', async () => {
  const resources = await onTerminal(['resources', 'hostile'], 0);
  for (const label of ['resource-uri', 'resource-name', 'resource-description'])
    assert.ok(resources.includes(`${label}\\x1b]52`), label);
  const templates = await onTerminal(['resources', 'hostile', '--templates'], 0);
  for (const label of ['template-name', 'template-description'])
    assert.ok(templates.includes(`${label}\\x1b]52`), label);
  shown(await onTerminal(['resources', 'hostile', 'hostile://text'], 0), 'resource-text');
  const prompts = await onTerminal(['prompts', 'hostile'], 0);
  for (const label of ['prompt-title', 'prompt-description', 'prompt-arg'])
    assert.ok(prompts.includes(`${label}\\x1b]52`), label);
  const got = await onTerminal(['prompts', 'hostile', 'greet', 'who=me'], 0);
  shown(got, 'prompt-text');
  shown(got, 'prompt-result-description');
  shown(await onTerminal(['prompts', 'hostile', 'greet', '--complete', 'who='], 0), 'completion-value');
});

test('servers: names and commands from a config are escaped', async () => {
  const onTerminal400 = async (argv: string[]) => {
    const r = await run(['-c', namesConfig, ...argv], { tty: true, columns: 400, env: env(), cwd: dir, home: dir });
    assert.equal(r.code, 0, r.stderr);
    const raw = r.stdout + r.stderr;
    assertNoAttack(raw, argv.join(' '));
    return raw;
  };
  const raw = await onTerminal400(['servers']);
  // A word with a space (the \r) is shown quoted, as JSON.
  for (const label of ['config-name', 'config-command', 'config-arg']) assert.ok(raw.includes(label), label);
  assert.ok((await onTerminal400(['servers', hostile('config-name')])).includes('config-arg'));
});

test('on a real terminal the table is escaped and our own colours still reach it', pty, async () => {
  const raw = await onRealTerminal(['tools', 'hostile'], 0);
  for (const label of ['echo-title', 'echo-description', 'evil-tool'])
    assert.ok(raw.includes(`${label}\\x1b]52`), `${label} in the table`);
  assert.ok(raw.includes('\x1b[1mNAME\x1b[22m'), 'the bold header');
});

test('in a pipe and with --json the server text arrives byte for byte', async () => {
  // Through a real pipe once (bin/), the rest in-process with stdout and stderr not terminals.
  const call = await runBin(['-c', config, 'call', 'hostile', 'echo'], { env: env(), cwd: dir });
  assert.equal(call.stdout, `${hostile('call-text')}\n`);
  const piped = (argv: string[]) => run(['-c', httpConfig, ...argv], { env: env(), cwd: dir, home: dir });
  const json = await piped(['call', 'hostile', 'echo', '--json']);
  assert.equal(JSON.parse(json.stdout).content[0].text, hostile('call-text'));
  const failed = await piped(['call', 'hostile', 'fail']);
  assert.equal(failed.code, 6);
  assert.ok(failed.stderr.startsWith(`${hostile('error-text')}\n`), 'isError text on stderr as sent');
  const read = await piped(['resources', 'hostile', 'hostile://text']);
  assert.equal(read.stdout, hostile('resource-text'));
  const completed = await piped(['prompts', 'hostile', 'greet', '--complete', 'who=']);
  assert.equal(completed.stdout, `${hostile('completion-value')}\n`);
  const tools = await piped(['tools', 'hostile']);
  assert.ok(tools.stdout.includes(hostile('echo-description')), 'the description in the piped row, as sent');
  const listed = await piped(['tools', 'hostile', '--json']);
  assert.equal(JSON.parse(listed.stdout).tools[0].description, hostile('echo-description'));
  const rpc = await piped(['call', 'hostile', 'rpc-error', '--json']);
  const error = JSON.parse(rpc.stderr.trimEnd().split('\n').at(-1)!);
  assert.ok(
    error.error.message.includes(`rpc-message${ATTACKS.clipboard}${ATTACKS.link}`),
    'the JSON error carries the message as sent',
  );
});

test('--json on a terminal is the same document as in a pipe', pty, async () => {
  const argv = ['-c', config, 'tools', 'hostile', '--json'];
  const piped = await runBin(argv, { env: env(), cwd: dir });
  const r = await runPty(argv, { columns: 80, env: env(), cwd: dir });
  assert.equal(r.code, 0);
  assertNoAttack(r.raw, 'tools --json');
  // The terminal turns each newline into \r\n.
  assert.equal(r.raw.replace(/\r\n/g, '\n'), piped.stdout);
  assert.equal(JSON.parse(piped.stdout).tools[0].title, hostile('echo-title'));
});
