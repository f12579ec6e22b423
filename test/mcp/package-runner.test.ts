// Which command lines start a server through a package runner (that may download it on a first
// run), and what mcpctl advises for each: npm's and uv's offline switches only where they apply.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packageRunner, packageRunnerHint } from '../../src/mcp/session/format.js';

test('package runners are known by program and subcommand, wherever they are installed', () => {
  const cases: [string, string[], string | undefined][] = [
    ['npx', ['-y', 'pkg@latest'], 'npx'],
    ['/usr/local/bin/npx', ['pkg'], 'npx'],
    ['C:\\Program Files\\nodejs\\npx.cmd', ['pkg'], 'npx'],
    ['pnpm', ['dlx', 'pkg'], 'pnpm dlx'],
    ['pnpm', ['install'], undefined],
    ['npm', ['exec', 'pkg'], 'npm exec'],
    ['bunx', ['pkg'], 'bunx'],
    ['bun', ['x', 'pkg'], 'bun x'],
    ['uvx', ['mcp-server-fetch'], 'uvx'],
    ['uv', ['tool', 'run', 'pkg'], 'uv tool run'],
    ['pipx', ['run', 'pkg'], 'pipx run'],
    ['pipx', ['install', 'pkg'], undefined],
    ['node', ['server.js'], undefined],
    ['python', ['-m', 'npx'], undefined],
  ];
  for (const [command, args, runner] of cases)
    assert.equal(packageRunner(command, args), runner, `${command} ${args.join(' ')}`);
});

test('the advice: longer with --connect-timeout; offline with the switch of that runner’s cache', () => {
  for (const runner of ['npx', 'npm exec', 'pnpm dlx']) {
    assert.match(packageRunnerHint(runner), /may still be downloading .*--connect-timeout SECONDS/);
    assert.match(packageRunnerHint(runner), /npm_config_offline=true/);
  }
  assert.match(packageRunnerHint('uvx'), /UV_OFFLINE=1/);
  assert.doesNotMatch(packageRunnerHint('pipx run'), /offline/);
  assert.doesNotMatch(packageRunnerHint('bunx'), /npm_config_offline/);
  assert.doesNotMatch(packageRunnerHint('yarn dlx'), /npm_config_offline/);
});
