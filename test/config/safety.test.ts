// Loading config never runs code: not a JS file named as a config, and not a .config/config.js
// (the "meta" config some loaders read) in the directory mcpctl is started from.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/load.js';
import { McpctlError } from '../../src/errors.js';
import { makeTree, thrown } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

const loadModule = fileURLToPath(new URL('../../src/config/load.js', import.meta.url));

test('a .config/config.js in the process working directory is not executed', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const marker = path.join(tree.root, 'EXECUTED');
  await tree.write(
    'home/dev/app/.config/config.js',
    `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'yes'); module.exports = {};`,
  );
  await tree.write('home/dev/app/.mcp.json', { mcpServers: { a: { command: 'x' } } });
  const script = `
    const { loadConfig } = await import(${JSON.stringify(loadModule)});
    const ctx = { io: {}, env: {}, cwd: process.cwd(), home: ${JSON.stringify(tree.home)}, now: Date.now, signal: new AbortController().signal };
    const config = await loadConfig(ctx);
    process.stdout.write(config.entries.map((e) => e.name).join(','));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: tree.project,
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'a');
  await assert.rejects(fs.access(marker), 'the .config/config.js file must not run');
});

test('--config naming a .js file parses it as JSON instead of running it', async (t) => {
  const tree = await makeTree();
  t.after(() => tree.cleanup());
  const marker = path.join(tree.root, 'EXECUTED');
  const file = await tree.write('evil.js', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'yes');`);
  const err = await thrown(() => loadConfig(fakeContext({ cwd: tree.project, home: tree.home }), { configFile: file }));
  assert.ok(err instanceof McpctlError && err.kind === 'config');
  assert.match(err.message, /evil\.js:1:1: invalid JSON/);
  await assert.rejects(fs.access(marker));
});
