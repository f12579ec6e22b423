// The package a user installs: what `npm pack` puts in the tarball, and that the tarball,
// installed globally on a clean prefix, runs `mcpctl tools` against a real server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/run.js';
import { everything as EVERYTHING } from '../mcp/helpers.js';

const exec = promisify(execFile);

/** npm, run with the same Node as the tests, offline where its cache already holds a package. */
function npm(args: string[], cwd: string) {
  return exec('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

interface PackedFile {
  path: string;
}

test('the packed tarball holds the program and nothing else, and installs and runs', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mcpctl-pack-'));
  t.after(() => rm(dir, { recursive: true, force: true }));

  // The build is npm test's first step; packing again must not rebuild (prepack would).
  const packed = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir, ROOT], dir);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: PackedFile[] }[];
  // The name the README's CI job installs (test/commands/readme-ci.test.ts holds it to the version).
  const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(info.filename, `mcpctl-${version}.tgz`);
  const files = info.files.map((f) => f.path).sort();

  for (const wanted of [
    'LICENSE',
    'README.md',
    'bin/mcpctl.js',
    'bin/load-bundle.js',
    'bin/standard-streams.js',
    'bin/package.json',
    'dist/bundle/main.cjs',
    'mcpctl.schema.json',
    'mcpctl-test.schema.json',
  ]) {
    assert.ok(files.includes(wanted), `${wanted} is missing from the tarball`);
  }
  assert.ok(
    files.some((f) => f.startsWith('completions/')),
    'the completion scripts are missing',
  );
  const strays = files.filter((f) => f.includes('/') && !/^(bin|dist\/bundle|completions)\//.test(f));
  assert.deepEqual(strays, [], 'only bin/, dist/bundle/ and completions/ hold folders in the tarball');
  const tests = files.filter((f) => /(^|\/)test\/|\.test\.js$|fixtures\//.test(f));
  assert.deepEqual(tests, [], 'the tarball ships test files');

  const prefix = path.join(dir, 'prefix');
  await npm(['install', '--global', '--prefix', prefix, path.join(dir, info.filename)], dir);
  const bin = path.join(prefix, 'bin', 'mcpctl');
  const { stdout } = await exec(bin, ['--stdio', `${process.execPath} ${EVERYTHING} stdio`, 'tools', '--json'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir },
  });
  const names = (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
  assert.ok(names.includes('echo'), `the installed mcpctl listed ${names.join(', ')}`);
});
