// Completions come from the command tree: the checked-in scripts must equal a fresh generation,
// and the scripts, run in real bash, zsh and fish, must complete commands, options and server
// names, each name a literal word: a hostile name runs nothing and is offered quoted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { run, ROOT, BIN } from '../helpers/run.js';
import { unlessInstalled } from '../helpers/requires.js';

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

/** A directory holding an `mcpctl` that runs bin/, to put on PATH. */
function mcpctlOnPath(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-'));
  const wrapper = path.join(dir, 'mcpctl');
  writeFileSync(wrapper, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

/** Run the bash completion function for a command line, with `mcpctl` on PATH. */
function complete(words: string[], cwd: string, env: Record<string, string> = {}): string[] {
  const dir = mcpctlOnPath();
  const script = `source "${path.join(ROOT, 'completions', 'mcpctl.bash')}"
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_mcpctl
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', script], {
    cwd,
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env },
    encoding: 'utf8',
  });
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
  const config = path.join(cwd, 'servers.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        alpha: { command: 'a' },
        beta: { url: 'http://127.0.0.1:1/mcp' },
        gamma: { command: 'g', disabled: true },
      },
    }),
  );
  const env = { MCPCTL_CONFIG: config };
  assert.deepEqual(
    complete(['mcpctl', 'tools', ''], cwd, env).sort(),
    ['alpha', 'beta'],
    'a disabled server is not offered',
  );
  assert.deepEqual(complete(['mcpctl', '--json', 'call', 'b'], cwd, env), ['beta']);
});

/** Names a cloned repository's config could hold: each must be offered as itself, running nothing. */
const LITERAL_NAMES = [
  '$(touch pwned-dollar)',
  '`touch pwned-backtick`',
  'two words',
  "it's",
  '"quoted"',
  'semi;colon',
  'a:colon',
  '$HOME',
  'glob*',
  'plain',
];
/** Names never offered: control characters (a newline among them), and a disabled server. */
const NEVER_OFFERED = ['new\nline', 'esc\u001b]0;title\u0007', 'tab\there', 'sleeping'];

function hostileNames(): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-hostile-'));
  const servers: Record<string, unknown> = {};
  for (const name of [...LITERAL_NAMES, ...NEVER_OFFERED])
    servers[name] = { command: 'true', ...(name === 'sleeping' ? { disabled: true } : {}) };
  const config = path.join(cwd, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  return { cwd, env: { MCPCTL_CONFIG: config } };
}

function assertNothingRan(cwd: string): void {
  for (const marker of ['pwned-dollar', 'pwned-backtick'])
    assert.ok(!existsSync(path.join(cwd, marker)), `completion ran a server name: ${marker} exists`);
}

test('bash offers hostile server names as literal, quoted words, and runs none of them', () => {
  const { cwd, env } = hostileNames();
  const offered = complete(['mcpctl', 'tools', ''], cwd, env);
  assertNothingRan(cwd);
  assert.equal(offered.length, LITERAL_NAMES.length, `offered: ${JSON.stringify(offered)}`);
  // What the shell reads back from each inserted word is exactly the name.
  const readBack = offered.map((word) =>
    execFileSync('bash', ['-c', `printf '%s' ${word}`], { cwd, encoding: 'utf8' }),
  );
  assertNothingRan(cwd);
  assert.deepEqual(readBack.sort(), [...LITERAL_NAMES].sort());
  assert.deepEqual(
    complete(['mcpctl', 'call', '$('], cwd, env),
    ['\\$\\(touch\\ pwned-dollar\\)'],
    'a typed prefix is compared as text',
  );
  assertNothingRan(cwd);
});

test('zsh offers hostile server names as literal words to compadd, and runs none of them', {
  skip: unlessInstalled('zsh'),
}, () => {
  const { cwd, env } = hostileNames();
  const dir = mcpctlOnPath();
  // compadd and _wanted exist only inside the completion system: these stand-ins print the
  // words the script hands over (compadd quotes each one itself when it inserts it).
  const script = `compdef() { : }
_wanted() { shift 3; "$@" }
compadd() { [[ $1 == -a ]] && printf '%s\\0' "\${(@P)2}" }
source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.zsh'))}
_mcpctl_server_names`;
  const out = execFileSync('zsh', ['-f', '-c', script], {
    cwd,
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env },
    encoding: 'utf8',
  });
  assertNothingRan(cwd);
  assert.deepEqual(out.split('\0').filter(Boolean).sort(), [...LITERAL_NAMES].sort());
});

test('fish offers hostile server names as literal words, and runs none of them', {
  skip: unlessInstalled('fish'),
}, () => {
  const { cwd, env } = hostileNames();
  const dir = mcpctlOnPath();
  const script = `source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.fish'))}; complete -C 'mcpctl tools '`;
  const out = execFileSync('fish', ['--no-config', '-c', script], {
    cwd,
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env },
    encoding: 'utf8',
  });
  assertNothingRan(cwd);
  const offered = out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[0]);
  assert.deepEqual(offered.sort(), [...LITERAL_NAMES].sort());
});
