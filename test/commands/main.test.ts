// The program's frame: version, help, exit-code table, usage errors and their JSON form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runBin, jsonError, ROOT } from '../helpers/run.js';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

test('--version prints the package version', async () => {
  const r = await run(['--version']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout.trim(), pkg.version);
});

test("through bin/: the handshake sends the version --version prints, package.json's", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-version-'));
  const config = path.join(dir, 'servers.json');
  const fault = path.join(ROOT, 'dist', 'test', 'fixtures', 'fault-server.js');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { faulty: { command: process.execPath, args: [fault, 'serve'], envFrom: ['CLIENT_INFO_LOG'] } },
    }),
  );
  const env = { PATH: process.env.PATH, HOME: dir, CLIENT_INFO_LOG: path.join(dir, 'client-info.log') };
  const version = await runBin(['--version'], { cwd: dir, env });
  assert.equal(version.stdout.trim(), pkg.version);
  const r = await runBin(['-c', config, 'tools', 'faulty'], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(readFileSync(env.CLIENT_INFO_LOG, 'utf8')), { name: 'mcpctl', version: pkg.version });
});

test('--help lists every command with examples', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, 0);
  for (const name of [
    'servers',
    'tools',
    'call',
    'resources',
    'prompts',
    'status',
    'auth',
    'test',
    'snapshot',
    'diff',
    'lint',
    'completion',
    'help',
  ]) {
    assert.match(r.stdout, new RegExp(`^  ${name}\\b`, 'm'), `help lists ${name}`);
  }
  for (const flag of [
    '--config',
    '--json',
    '--timeout',
    '--connect-timeout',
    '--protocol',
    '--verbose',
    '--quiet',
    '--no-color',
  ])
    assert.ok(r.stdout.includes(flag), flag);
  assert.match(r.stdout, /Examples:/);
});

test('each command has help with examples', async () => {
  for (const argv of [
    ['servers'],
    ['tools'],
    ['call'],
    ['resources'],
    ['prompts'],
    ['status'],
    ['auth', 'login'],
    ['auth', 'logout'],
    ['auth', 'status'],
    ['test'],
    ['snapshot'],
    ['diff'],
    ['lint'],
    ['completion'],
  ]) {
    const r = await run([...argv, '--help']);
    assert.equal(r.code, 0, argv.join(' '));
    assert.match(r.stdout, /Examples:\n {2}\$ mcpctl /, argv.join(' '));
  }
});

test('help exit-codes prints the table, as text and as JSON', async () => {
  const r = await run(['help', 'exit-codes']);
  assert.equal(r.code, 0);
  for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 124, 130, 143])
    assert.match(r.stdout, new RegExp(`^ *${code}  `, 'm'));
  const j = await run(['help', 'exit-codes', '--json']);
  const parsed = JSON.parse(j.stdout) as { exitCodes: { code: number; meaning: string }[] };
  assert.deepEqual(
    parsed.exitCodes.map((e) => e.code),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 124, 130, 143],
  );
});

test('help COMMAND shows that command', async () => {
  const r = await run(['help', 'auth', 'login']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Usage: mcpctl auth login/);
});

test('an unknown command or option is a usage error, exit 2', async () => {
  const a = await run(['frobnicate']);
  assert.equal(a.code, 2);
  assert.match(a.stderr, /unknown command 'frobnicate'/);
  const b = await run(['servers', '--bogus']);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /unknown option '--bogus'/);
  assert.equal(b.stdout, '');
});

test('with --json a usage error is one JSON line, last on stderr', async () => {
  const r = await run(['tools', '--timeout', 'soon', '--json']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  const e = jsonError(r.stderr);
  assert.equal(e.error.code, 2);
  assert.equal(e.error.kind, 'usage');
  assert.match(e.error.message, /--timeout/);
});

test('bad values of global flags name the flag', async () => {
  for (const [flag, value] of [
    ['--timeout', '-1'],
    ['--connect-timeout', 'Infinity'],
    ['--protocol', '2023-01-01'],
  ]) {
    const r = await run(['status', flag, value]);
    assert.equal(r.code, 2, flag);
    assert.ok(r.stderr.includes(flag), `${flag}: ${r.stderr}`);
  }
});
