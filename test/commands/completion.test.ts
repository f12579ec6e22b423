// Completions come from the command tree: the checked-in scripts must equal a fresh generation,
// and the scripts, run in real bash, zsh and fish, must complete commands, options and server
// names, each name a literal word: a hostile name runs nothing and is offered quoted, and no word
// the parser would read as an option (a server or file named --trust-project) is ever offered.
// zsh and fish are skipped where they are not installed (.ci/run installs them).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, mkdtempSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
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

/** `word` single-quoted for bash: the completion function sees it exactly as typed. */
function bashWord(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** Run the bash completion function for a command line, with `mcpctl` on PATH. */
function complete(words: string[], cwd: string, env: Record<string, string> = {}): string[] {
  const dir = mcpctlOnPath();
  const script = `source "${path.join(ROOT, 'completions', 'mcpctl.bash')}"
COMP_WORDS=(${words.map(bashWord).join(' ')})
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

test('bash compares server names with the typed word as bash reads it, quotes undone', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-cwd-'));
  const config = path.join(cwd, 'servers.json');
  const names = ['my server a', 'my server b', '$HOME'];
  writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, { command: 'a' }])) }));
  const env = { MCPCTL_CONFIG: config };
  const both = ['my\\ server\\ a', 'my\\ server\\ b'];
  // What the first Tab inserted, typed on: each word still offers the names it starts.
  assert.deepEqual(complete(['mcpctl', 'status', 'my\\ server\\ '], cwd, env).sort(), both);
  assert.deepEqual(complete(['mcpctl', 'status', '"my'], cwd, env).sort(), both);
  assert.deepEqual(complete(['mcpctl', 'status', "'my server a"], cwd, env), ['my\\ server\\ a']);
  assert.deepEqual(
    complete(['mcpctl', 'status', '"my server\\ b'], cwd, env),
    [],
    'a backslash in "…" before a blank is itself',
  );
  assert.deepEqual(complete(['mcpctl', 'status', '\\$'], cwd, env), ['\\$HOME']);
  assert.deepEqual(complete(['mcpctl', 'status', '"\\$H'], cwd, env), ['\\$HOME']);
  // Dequoting runs nothing of what is typed.
  assert.deepEqual(complete(['mcpctl', 'status', '"$(touch pwned-typed)'], cwd, env), []);
  assert.deepEqual(complete(['mcpctl', 'status', '`touch pwned-typed`'], cwd, env), []);
  assert.ok(!existsSync(path.join(cwd, 'pwned-typed')), 'completion ran the typed word');
});

/** A config of two servers, alpha and beta, named by MCPCTL_CONFIG. */
function twoServers(): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-cwd-'));
  const config = path.join(cwd, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { alpha: { command: 'a' }, beta: { command: 'b' } } }));
  return { cwd, env: { MCPCTL_CONFIG: config } };
}

// `tasks SERVER [TASK]` has a subcommand beside its own arguments: both are offered first.
test('bash offers server names beside cancel after tasks, and after tasks cancel', () => {
  const { cwd, env } = twoServers();
  assert.deepEqual(complete(['mcpctl', 'tasks', ''], cwd, env).sort(), ['alpha', 'beta', 'cancel']);
  assert.deepEqual(complete(['mcpctl', 'tasks', 'a'], cwd, env), ['alpha']);
  assert.deepEqual(complete(['mcpctl', 'tasks', 'c'], cwd, env), ['cancel']);
  assert.deepEqual(complete(['mcpctl', 'tasks', 'alpha', ''], cwd, env), [], 'a task id is not completed');
  assert.deepEqual(complete(['mcpctl', 'tasks', 'cancel', ''], cwd, env).sort(), ['alpha', 'beta']);
});

test('zsh offers server names beside cancel after tasks, and after tasks cancel', {
  skip: unlessInstalled('zsh'),
}, () => {
  const { cwd, env } = twoServers();
  const dir = mcpctlOnPath();
  // Stand-ins for the completion system: _arguments -C reports the state of the first word, a
  // plain _arguments runs the action of its first argument; each prints the words offered.
  const words = (call: string) =>
    execFileSync(
      'zsh',
      [
        '-f',
        '-c',
        `compdef() { : }
_wanted() { shift 3; "$@" }
compadd() { [[ $1 == -a ]] && printf '%s\\0' "\${(@P)2}" }
_describe() { local entry; for entry in "\${(@P)2}"; do printf '%s\\0' "\${entry%%:*}"; done }
_arguments() {
  local spec
  if [[ $1 == -C ]]; then state=cmds; return; fi
  for spec; do [[ $spec == 1:* ]] && \${=spec#1:*:}; done
  return 0
}
source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.zsh'))}
${call}`,
      ],
      { cwd, env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env }, encoding: 'utf8' },
    )
      .split('\0')
      .filter(Boolean)
      .sort();
  assert.deepEqual(words('_mcpctl_tasks'), ['alpha', 'beta', 'cancel']);
  assert.deepEqual(words('_mcpctl_tasks_cancel'), ['alpha', 'beta']);
});

test('fish offers server names beside cancel after tasks, and after tasks cancel', {
  skip: unlessInstalled('fish'),
}, () => {
  const { cwd, env } = twoServers();
  const dir = mcpctlOnPath();
  const offered = (line: string) => fishOffered(line, cwd, env, dir).sort();
  assert.deepEqual(offered('mcpctl tasks '), ['alpha', 'beta', 'cancel']);
  assert.deepEqual(offered('mcpctl tasks cancel '), ['alpha', 'beta']);
});

/**
 * The default config (MCPCTL_CONFIG) names alpha; other.json beside it names omega and
 * `my other.json` names spaced: a config given on the line is the one completed from.
 */
function otherConfigs(): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-cwd-'));
  const write = (file: string, name: string) =>
    writeFileSync(path.join(cwd, file), JSON.stringify({ mcpServers: { [name]: { command: 'a' } } }));
  write('default.json', 'alpha');
  write('other.json', 'omega');
  write('my other.json', 'spaced');
  return { cwd, env: { MCPCTL_CONFIG: path.join(cwd, 'default.json') } };
}

test('bash completes server names from the config given on the line', () => {
  const { cwd, env } = otherConfigs();
  assert.deepEqual(complete(['mcpctl', 'tools', ''], cwd, env), ['alpha']);
  assert.deepEqual(complete(['mcpctl', '-c', 'other.json', 'tools', ''], cwd, env), ['omega']);
  assert.deepEqual(complete(['mcpctl', '--config', 'other.json', 'call', ''], cwd, env), ['omega']);
  // bash splits --config=FILE at the "=" (COMP_WORDBREAKS); with "=" taken out of it, one word.
  assert.deepEqual(complete(['mcpctl', '--config', '=', 'other.json', 'tools', ''], cwd, env), ['omega']);
  assert.deepEqual(complete(['mcpctl', '--config=other.json', 'tools', ''], cwd, env), ['omega']);
  assert.deepEqual(complete(['mcpctl', 'status', '-c', 'my\\ other.json', ''], cwd, env), ['spaced']);
  assert.deepEqual(complete(['mcpctl', '-c', "'my other.json'", 'tasks', 'cancel', ''], cwd, env), ['spaced']);
  // The file name is dequoted, never run.
  assert.deepEqual(complete(['mcpctl', '-c', '"$(touch pwned-config)"', 'tools', ''], cwd, env), []);
  assert.ok(!existsSync(path.join(cwd, 'pwned-config')), 'completion ran the typed file name');
});

test('zsh completes server names from the config given on the line', { skip: unlessInstalled('zsh') }, () => {
  const { cwd, env } = otherConfigs();
  const dir = mcpctlOnPath();
  // Stand-ins for the completion system: words and CURRENT are the line, _arguments -C reports
  // the command before the cursor, and a plain _arguments runs the action of its first (or every) argument.
  const offered = (...words: string[]) =>
    execFileSync(
      'zsh',
      [
        '-f',
        '-c',
        `compdef() { : }
_wanted() { shift 3; "$@" }
compadd() { [[ $1 == -a ]] && printf '%s\\0' "\${(@P)2}" }
_arguments() {
  local spec
  if [[ $1 == -C ]]; then state=args; line=($words[CURRENT-1]); return; fi
  for spec; do [[ $spec == [1*]:* ]] && \${=spec#?:*:}; done
  return 0
}
source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.zsh'))}
words=(${words.map(bashWord).join(' ')} '')
CURRENT=${words.length + 1}
_mcpctl`,
      ],
      { cwd, env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env }, encoding: 'utf8' },
    )
      .split('\0')
      .filter(Boolean);
  assert.deepEqual(offered('mcpctl', 'tools'), ['alpha']);
  assert.deepEqual(offered('mcpctl', '-c', 'other.json', 'tools'), ['omega']);
  assert.deepEqual(offered('mcpctl', '--config=other.json', 'tools'), ['omega']);
  assert.deepEqual(offered('mcpctl', '--config', "'my other.json'", 'status'), ['spaced']);
  assert.deepEqual(offered('mcpctl', '-c', '"$(touch pwned-config)"', 'tools'), []);
  assert.ok(!existsSync(path.join(cwd, 'pwned-config')), 'completion ran the typed file name');
});

test('fish completes server names from the config given on the line', { skip: unlessInstalled('fish') }, () => {
  const { cwd, env } = otherConfigs();
  const dir = mcpctlOnPath();
  const offered = (line: string) => fishOffered(line, cwd, env, dir);
  assert.deepEqual(offered('mcpctl tools '), ['alpha']);
  assert.deepEqual(offered('mcpctl -c other.json tools '), ['omega']);
  assert.deepEqual(offered('mcpctl --config=other.json tools '), ['omega']);
  assert.deepEqual(offered("mcpctl status --config 'my other.json' "), ['spaced']);
  assert.deepEqual(offered('mcpctl -c "$(touch pwned-config)" tools '), []);
  assert.ok(!existsSync(path.join(cwd, 'pwned-config')), 'completion ran the typed file name');
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

/** Words the parser reads as options, as a cloned repository could name its servers and files. */
const DASHED = ['--trust-project', '-c.evil/x.json', '-v'];

/**
 * A clone whose project config names servers with DASHED names beside `plain`, and holds files and
 * a folder with such names beside `plain.json` and `sub/`. `fakeNames`: an `mcpctl` on PATH that
 * prints DASHED as server names, as an older mcpctl would, to check the script's own filter.
 */
function dashedClone(fakeNames = false): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-dash-'));
  const servers: Record<string, unknown> = { plain: { command: 'true' } };
  for (const name of DASHED) servers[name] = { command: 'true' };
  writeFileSync(path.join(cwd, '.mcp.json'), JSON.stringify({ mcpServers: servers }));
  for (const name of ['--trust-project', '-x', 'plain.json']) writeFileSync(path.join(cwd, name), '{}');
  mkdirSync(path.join(cwd, 'sub'));
  mkdirSync(path.join(cwd, '-dir'));
  const bin = fakeNames ? fakeMcpctl() : mcpctlOnPath();
  return { cwd, env: { PATH: `${bin}:${process.env.PATH}`, HOME: bin } };
}

function fakeMcpctl(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-compl-fake-'));
  writeFileSync(path.join(dir, 'mcpctl'), `#!/bin/sh\nprintf '%s\\n' plain ${DASHED.map((n) => `'${n}'`).join(' ')}\n`);
  chmodSync(path.join(dir, 'mcpctl'), 0o755);
  return dir;
}

test('a server name starting with "-" is left out at load time, with a warning naming file:line', async () => {
  const { cwd } = dashedClone();
  const r = await run(['servers', '--names'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'plain\n');
  for (const name of DASHED)
    assert.ok(
      r.stderr.includes(`.mcp.json:1:`) && r.stderr.includes(`server "${name}" is left out`),
      `no warning for ${name}: ${r.stderr}`,
    );
});

/** Runs bash completion with the clone's PATH (the real mcpctl, or the fake). */
function bashComplete(words: string[], clone: { cwd: string; env: Record<string, string> }): string[] {
  const script = `source "${path.join(ROOT, 'completions', 'mcpctl.bash')}"
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_mcpctl
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', script], { cwd: clone.cwd, env: clone.env, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

test('bash never offers a word starting with "-" for a server, a file or a folder', () => {
  for (const clone of [dashedClone(), dashedClone(true)]) {
    assert.deepEqual(bashComplete(['mcpctl', 'status', ''], clone), ['plain']);
    assert.deepEqual(bashComplete(['mcpctl', '--json', 'tools', ''], clone), ['plain']);
  }
  const clone = dashedClone();
  assert.deepEqual(bashComplete(['mcpctl', '-c', ''], clone).sort(), ['.mcp.json', 'plain.json', 'sub']);
  assert.deepEqual(bashComplete(['mcpctl', 'call', '--args-file', ''], clone).sort(), [
    '.mcp.json',
    'plain.json',
    'sub',
  ]);
  assert.deepEqual(bashComplete(['mcpctl', 'tools', '--root', ''], clone), ['sub']);
  assert.deepEqual(bashComplete(['mcpctl', 'tools', '--root', '-'], clone), []);
});

test('zsh never offers a word starting with "-" for a server, a file or a folder', {
  skip: unlessInstalled('zsh'),
}, () => {
  // compadd and _wanted exist only inside the completion system: these stand-ins print the
  // words the script hands over; PREFIX is what is typed of the word being completed.
  const words = (clone: { cwd: string; env: Record<string, string> }, call: string, prefix = '') =>
    execFileSync(
      'zsh',
      [
        '-f',
        '-c',
        `compdef() { : }
_wanted() { shift 3; "$@" }
compadd() { [[ $1 == -f ]] && shift; [[ $1 == -a ]] && printf '%s\\0' "\${(@P)2}" }
_files() { print -r -- "_files $*" }
source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.zsh'))}
PREFIX=${JSON.stringify(prefix)}
${call}`,
      ],
      { cwd: clone.cwd, env: clone.env, encoding: 'utf8' },
    )
      .split('\0')
      .filter(Boolean)
      .sort();
  for (const clone of [dashedClone(), dashedClone(true)])
    assert.deepEqual(words(clone, '_mcpctl_server_names'), ['plain']);
  const clone = dashedClone();
  assert.deepEqual(words(clone, '_mcpctl_paths f'), ['plain.json', 'sub']);
  assert.deepEqual(words(clone, '_mcpctl_paths d'), ['sub']);
  assert.deepEqual(words(clone, '_mcpctl_paths f', '-'), [], 'nothing for a typed "-"');
  assert.deepEqual(words(clone, '_mcpctl_paths f', 'pl'), ['_files \n'], "a typed prefix is zsh's own _files");
});

test('fish never offers a word starting with "-" for a server, a file or a folder', {
  skip: unlessInstalled('fish'),
}, () => {
  const offered = (clone: { cwd: string; env: Record<string, string> }, line: string) =>
    execFileSync(
      'fish',
      [
        '--no-config',
        '-c',
        `source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.fish'))}; complete -C '${line}'`,
      ],
      { cwd: clone.cwd, env: clone.env, encoding: 'utf8' },
    )
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t')[0])
      .sort();
  for (const clone of [dashedClone(), dashedClone(true)]) assert.deepEqual(offered(clone, 'mcpctl status '), ['plain']);
  const clone = dashedClone();
  assert.deepEqual(offered(clone, 'mcpctl -c '), ['plain.json', 'sub/']);
  assert.deepEqual(offered(clone, 'mcpctl tools --root '), ['sub/']);
});

/** The words fish offers for `line` (quoted for fish as typed), by the shipped script, with mcpctl from `dir`. */
function fishOffered(line: string, cwd: string, env: Record<string, string>, dir: string): string[] {
  const script = `source ${JSON.stringify(path.join(ROOT, 'completions', 'mcpctl.fish'))}; complete -C '${line.replace(/[\\']/g, '\\$&')}'`;
  return execFileSync('fish', ['--no-config', '-c', script], {
    cwd,
    env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, ...env },
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);
}
