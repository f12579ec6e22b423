// Ad-hoc servers from the command line: --stdio splitting (quotes and backslashes, no shell),
// the resulting StdioServerSpec, and "did you mean" wording.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adHocStdio, splitCommandLine } from '../../src/config/adhoc.js';
import { didYouMean } from '../../src/suggest.js';
import { McpctlError } from '../../src/errors.js';
import { thrown } from './helpers.js';
import { fakeContext } from '../helpers/context.js';

test('--stdio command lines split like a shell would, without expanding anything', () => {
  assert.deepEqual(splitCommandLine('npx -y @modelcontextprotocol/server-everything'), [
    'npx',
    '-y',
    '@modelcontextprotocol/server-everything',
  ]);
  assert.deepEqual(splitCommandLine(`  node   'my server.js'  "a \\"b\\" c" d\\ e '' x"y"z `), [
    'node',
    'my server.js',
    'a "b" c',
    'd e',
    '',
    'xyz',
  ]);
  assert.deepEqual(splitCommandLine(`echo '$HOME' "\\$HOME \\n" \\$x`), ['echo', '$HOME', '$HOME \\n', '$x']);
  assert.deepEqual(splitCommandLine(`python -c 'print("hi")'`), ['python', '-c', 'print("hi")']);
  assert.deepEqual(splitCommandLine('a\tb\nc'), ['a', 'b', 'c']);
  assert.deepEqual(splitCommandLine(''), []);
});

test('unclosed quotes and a trailing backslash are usage errors', async () => {
  for (const bad of [`node 'x`, 'node "x', 'node x\\']) {
    const err = await thrown(() => splitCommandLine(bad));
    assert.ok(err instanceof McpctlError, bad);
    assert.equal(err.kind, 'usage');
  }
});

test('adHocStdio runs in our working directory with our environment, named by its program', async () => {
  const ctx = fakeContext({ cwd: '/srv/here', home: '/h', env: { PATH: '/bin', X: '1', UNSET: undefined } });
  const spec = adHocStdio(`node "server one.js" --flag`, ctx, { timeoutMs: 12_000 });
  assert.deepEqual(spec, {
    name: 'node',
    source: 'command line',
    transport: 'stdio',
    command: 'node',
    args: ['server one.js', '--flag'],
    cwd: '/srv/here',
    env: { PATH: '/bin', X: '1' },
    timeoutMs: 12_000,
    protocol: 'legacy',
  });
  const empty = await thrown(() => adHocStdio('   ', ctx));
  assert.ok(empty instanceof McpctlError && empty.kind === 'usage');
});

test('did-you-mean lists close candidates only', () => {
  assert.equal(didYouMean('memroy', ['memory', 'github', 'fs']), ' (did you mean "memory"?)');
  assert.equal(didYouMean('serve', ['server', 'servers', 'other']), ' (did you mean "server"?)', 'the closest only');
  assert.equal(didYouMean('zzz', ['memory', 'github']), '');
});

test('an ad-hoc stdio server given by path is named by the program, not its directory', () => {
  const spec = adHocStdio('/usr/local/bin/my-server --port 3', fakeContext({ cwd: '/srv' }));
  assert.equal(spec.name, 'my-server');
});
