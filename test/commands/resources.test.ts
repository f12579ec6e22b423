// `mcpctl resources`: lists followed across pages (and cut by --limit), templates, reading text
// byte-exact, binary to a file or a redirected stdout but never to a terminal, several
// contents labelled, unknown URIs as the server's error, and the JSON shapes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { run, runBin, jsonError, BIN } from '../helpers/run.js';
import { callProject, shareCallFixture, shareEverything } from '../helpers/call-project.js';
import { binaryBytes } from '../fixtures/call-data.js';

const project = callProject();
shareEverything(project);
shareCallFixture(project);
const opts = (extra: Parameters<typeof run>[1] = {}) => ({
  cwd: project.dir,
  home: project.home,
  env: project.env,
  ...extra,
});
const URIS = ['fixture://text', 'fixture://binary', 'fixture://multi', 'fixture://empty', 'fixture://last'];

test('resources follows every page; --limit stops early', async () => {
  const all = await run(['resources', 'legacy'], opts());
  assert.equal(all.code, 0, all.stderr);
  const rows = all.stdout
    .trimEnd()
    .split('\n')
    .map((l) => l.split('\t'));
  assert.deepEqual(
    rows.map((r) => r[0]),
    URIS,
  );
  assert.deepEqual(rows[1], ['fixture://binary', 'binary', 'application/octet-stream', '70000', '']);
  const limited = await run(['resources', 'legacy', '--limit', '3'], opts());
  assert.equal(limited.code, 0, limited.stderr);
  assert.deepEqual(
    limited.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')[0]),
    URIS.slice(0, 3),
  );
});

test('resources on a terminal is a table with sizes for people', async () => {
  const r = await run(['resources', 'legacy', '--no-color'], opts({ tty: true }));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /URI.*NAME.*MIME TYPE.*SIZE/);
  assert.match(r.stdout, /^fixture:\/\/binary {2,}binary {2,}application\/octet-stream {2,}68 kB/m);
});

test('resources --json and --templates --json have the documented shapes', async () => {
  const list = await run(['resources', 'legacy', '--json'], opts());
  assert.equal(list.code, 0, list.stderr);
  assert.deepEqual(
    (JSON.parse(list.stdout) as { resources: { uri: string }[] }).resources.map((r) => r.uri),
    URIS,
  );
  const templates = await run(['resources', 'legacy', '--templates', '--json'], opts());
  assert.equal(templates.code, 0, templates.stderr);
  assert.deepEqual(JSON.parse(templates.stdout), {
    resourceTemplates: [{ uriTemplate: 'fixture://item/{id}', name: 'item', mimeType: 'text/plain' }],
  });
  const piped = await run(['resources', 'legacy', '--templates'], opts());
  assert.equal(piped.stdout, 'fixture://item/{id}\titem\ttext/plain\t\n');
});

test('server-everything lists resources and templates, and a static document reads as text', async () => {
  const list = await run(['resources', 'everything'], opts());
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^demo:\/\/resource\/static\/document\/architecture\.md\t/m);
  const templates = await run(['resources', 'everything', '--templates'], opts());
  assert.equal(templates.code, 0, templates.stderr);
  assert.match(templates.stdout, /demo:\/\/resource\/dynamic\/text\/\{/);
  const doc = await run(['resources', 'everything', 'demo://resource/static/document/architecture.md'], opts());
  assert.equal(doc.code, 0, doc.stderr);
  assert.match(doc.stdout, /^# /m);
});

test('a text resource prints exactly as sent in a pipe, with a final newline on a terminal', async () => {
  const piped = await run(['resources', 'legacy', 'fixture://text'], opts());
  assert.equal(piped.code, 0, piped.stderr);
  assert.equal(piped.stdout, 'hello, world');
  const terminal = await run(['resources', 'legacy', 'fixture://text'], opts({ tty: true }));
  assert.equal(terminal.stdout, 'hello, world\n');
});

test('a binary resource goes to -o FILE byte for byte, written whole (no temp file left)', async () => {
  const r = await run(['resources', 'legacy', 'fixture://binary', '-o', 'out.bin'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.deepEqual(readFileSync(path.join(project.dir, 'out.bin')), binaryBytes());
  assert.match(r.stderr, /wrote application\/octet-stream, 68 kB to .*out\.bin/);
  assert.deepEqual(
    readdirSync(project.dir).filter((f) => f.includes('out.bin')),
    ['out.bin'],
  );
});

test('a binary resource goes to a redirected stdout byte for byte', async () => {
  const file = path.join(project.dir, 'redirected.bin');
  // Not spawnSync: the fixture answering it is served by this process, which must keep running.
  const status = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const script = `'${process.execPath}' '${BIN}' resources legacy fixture://binary > '${file}'`;
    const options = { cwd: project.dir, env: project.env as NodeJS.ProcessEnv, timeout: 60_000 };
    execFile('bash', ['-c', script], options, (error, _stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stderr }),
    );
  });
  assert.equal(status.code, 0, status.stderr);
  assert.deepEqual(readFileSync(file), binaryBytes());
});

test('a binary resource is never printed to a terminal: exit 2 with a hint', async () => {
  // A terminal wide enough that the message stays on one line (stderr wraps to the width).
  const r = await run(['resources', 'legacy', 'fixture://binary'], opts({ tty: true, columns: 400 }));
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /is binary \(application\/octet-stream, 68 kB\); not printing it to a terminal/);
  assert.match(r.stderr, /-o FILE/);
});

test('several contents are each labelled', async () => {
  const r = await run(['resources', 'legacy', 'fixture://multi'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    '==> fixture://multi/a (text/plain) <==\nfirst part\n\n==> fixture://multi/b (text/plain) <==\nsecond part\n',
  );
  const toFile = await run(['resources', 'legacy', 'fixture://multi', '-o', 'multi.txt'], opts());
  assert.equal(toFile.code, 2);
  assert.match(toFile.stderr, /has 2 contents; -o writes exactly one/);
});

test('resources SERVER URI --json prints the ReadResourceResult', async () => {
  const r = await run(['resources', 'modern', 'fixture://multi', '--json'], opts());
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    contents: [
      { uri: 'fixture://multi/a', mimeType: 'text/plain', text: 'first part' },
      { uri: 'fixture://multi/b', mimeType: 'text/plain', text: 'second part' },
    ],
  });
});

test("an unknown URI is exit 5 with the server's message", async () => {
  const r = await runBin(['resources', 'legacy', 'fixture://nope', '--json'], { cwd: project.dir, env: project.env });
  assert.equal(r.code, 5);
  assert.equal(r.stdout, '');
  const err = jsonError(r.stderr).error;
  assert.equal(err.kind, 'protocol');
  assert.match(err.message, /could not read fixture:\/\/nope: Resource fixture:\/\/nope not found/);
});

test('a template is filled by RFC 6570 before the read: a repeated name explodes as a list', async () => {
  const list = await run(['resources', 'legacy', 'fixture://echo{/slug*}.md', 'slug=svelte', 'slug=overview'], opts());
  assert.equal(list.code, 0, list.stderr);
  assert.equal(list.stdout, 'fixture://echo/svelte/overview.md');
  const pairs = await run(
    ['resources', 'legacy', 'fixture://echo/{id}{?keys*}', 'id=1', 'keys:={"a":"x y","b":"2"}'],
    opts(),
  );
  assert.equal(pairs.code, 0, pairs.stderr);
  assert.equal(pairs.stdout, 'fixture://echo/1?a=x%20y&b=2');
});
