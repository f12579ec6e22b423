// Completions come from the command tree: the checked-in scripts must equal a fresh generation,
// and the bash script must really complete commands, options and server names.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { run, ROOT, BIN } from '../helpers/run.js';

for (const shell of ['bash', 'zsh', 'fish']) {
  test(`completions/mcpctl.${shell} is what \`mcpctl completion ${shell}\` generates`, async () => {
    const r = await run(['completion', shell]);
    assert.equal(r.code, 0);
    const committed = readFileSync(path.join(ROOT, 'completions', `mcpctl.${shell}`), 'utf8');
    assert.equal(committed, r.stdout, `completions/mcpctl.${shell} is stale: regenerate it with npm run generate`);
  });
}

test('completion of an unknown shell is a usage error', async () => {
  const r = await run(['completion', 'tcsh']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /bash, zsh, fish/);
});

/** Run the bash completion function for a command line, with `mcpctl` on PATH. */
function complete(words: string[], cwd: string): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-'));
  const wrapper = path.join(dir, 'mcpctl');
  writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  const script = `source "${path.join(ROOT, 'completions', 'mcpctl.bash')}"
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_mcpctl
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', script], { cwd, env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir }, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

test('the bash script passes bash -n', () => {
  const r = spawnSync('bash', ['-n', path.join(ROOT, 'completions', 'mcpctl.bash')]);
  assert.equal(r.status, 0, r.stderr.toString());
});

test('bash completes commands, subcommands and options', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-cwd-'));
  assert.deepEqual(complete(['mcpctl', 'st'], cwd), ['status']);
  assert.deepEqual(complete(['mcpctl', 'auth', 'lo'], cwd).sort(), ['login', 'logout']);
  assert.ok(complete(['mcpctl', 'call', '--ar'], cwd).includes('--args-file'));
  assert.deepEqual(complete(['mcpctl', 'tools', '--protocol', '2025-0'], cwd), ['2025-03-26', '2025-06-18']);
});

test('bash completes server names from the config', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-cwd-'));
  writeFileSync(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: { alpha: { command: 'a' }, beta: { url: 'http://127.0.0.1:1/mcp' } } }));
  assert.deepEqual(complete(['mcpctl', 'tools', ''], cwd).sort(), ['alpha', 'beta']);
  assert.deepEqual(complete(['mcpctl', '--json', 'call', 'b'], cwd), ['beta']);
});
