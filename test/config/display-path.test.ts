// How messages and `servers` name a config file: short under the working directory, whole elsewhere.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { displayPath } from '../../src/config/display-path.js';

const cwd = path.resolve('/home/dev/app');

test('a file under the working directory is named relative to it, one elsewhere by its whole path', () => {
  assert.equal(displayPath(path.join(cwd, '.mcp.json'), { cwd }), '.mcp.json');
  assert.equal(displayPath(path.join(cwd, '.vscode', 'mcp.json'), { cwd }), path.join('.vscode', 'mcp.json'));
  assert.equal(displayPath(path.join(cwd, '..foo', 'mcp.json'), { cwd }), path.join('..foo', 'mcp.json'));
  const parent = path.resolve('/home/dev/.mcp.json');
  assert.equal(displayPath(parent, { cwd }), parent);
  const user = path.resolve('/home/dev/.config/mcpctl/config.json');
  assert.equal(displayPath(user, { cwd }), user);
  assert.equal(displayPath(cwd, { cwd }), cwd);
});

test('a source that is not a path is shown as it is', () => {
  assert.equal(displayPath('command line', { cwd }), 'command line');
});
