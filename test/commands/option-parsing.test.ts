// Option parsing alone: the real command tree parses a command line into the typed options a
// command's run gets (and the global flags every run gets), or refuses it with an error naming
// the flag. Nothing runs: no config is read, no server is started.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Command } from 'commander';
import { buildProgram, configureProgram } from '../../commands/common/program.js';
import { Choice } from '../../commands/common/choice.js';
import type { GlobalOptions } from '../../commands/common/global-options.js';
import { McpctlError } from '../../src/errors.js';

interface Parsed {
  global: GlobalOptions;
  options: unknown;
  program: Command;
}

/** What `mcpctl ARGV` would run with; commander's help and messages are kept, not printed. */
async function parse(...argv: string[]): Promise<Parsed> {
  const choice = new Choice();
  const program = buildProgram(choice);
  const ignore = () => {};
  configureProgram(program, { writeOut: ignore, writeErr: ignore, outputError: ignore });
  await program.parseAsync(argv, { from: 'user' });
  assert.ok(choice.made, `mcpctl ${argv.join(' ')} chose a command`);
  return { global: choice.made.global, options: choice.made.options, program };
}

async function options(...argv: string[]): Promise<unknown> {
  return (await parse(...argv)).options;
}

/** `mcpctl ARGV` is refused with a message matching `message` (and, for ours, `kind`). */
async function refused(argv: string[], message: RegExp): Promise<Error> {
  let caught: unknown;
  await parse(...argv).catch((err: unknown) => {
    caught = err;
  });
  assert.ok(caught instanceof Error, `mcpctl ${argv.join(' ')} is refused`);
  assert.match(caught.message, message);
  return caught;
}

const DEFAULT_GLOBALS: GlobalOptions = {
  config: undefined,
  json: false,
  timeout: undefined,
  connectTimeout: undefined,
  protocol: undefined,
  stdio: undefined,
  root: undefined,
  maxSize: undefined,
  concurrency: undefined,
  record: undefined,
  replay: undefined,
  trustProject: false,
  verbose: false,
  quiet: false,
  color: true,
};

test('global flags: every one typed, before or after the command; left out, each has its default', async () => {
  assert.deepEqual((await parse('servers')).global, DEFAULT_GLOBALS);
  const given = await parse(
    '-c',
    'servers.json',
    '--json',
    '--timeout',
    '2.5',
    '--connect-timeout',
    '1',
    '--protocol',
    '2025-06-18',
    'tools',
    '--stdio',
    'npx server',
    '--root',
    'a',
    '--root',
    'b',
    '--max-size',
    '8',
    '--concurrency',
    '3',
    '--record',
    'run.json',
    '--trust-project',
    '-v',
    '-q',
    '--no-color',
  );
  assert.deepEqual(given.global, {
    config: 'servers.json',
    json: true,
    timeout: 2.5,
    connectTimeout: 1,
    protocol: '2025-06-18',
    stdio: 'npx server',
    root: ['a', 'b'],
    maxSize: 8,
    concurrency: 3,
    record: 'run.json',
    replay: undefined,
    trustProject: true,
    verbose: true,
    quiet: true,
    color: false,
  });
});

test('global flags: a bad value is refused naming the flag and what it takes', async () => {
  await refused(
    ['--timeout', '0', 'tools'],
    /option '--timeout <seconds>' argument '0' is invalid\. expected a positive number of seconds/,
  );
  await refused(['tools', '--connect-timeout', 'soon'], /option '--connect-timeout <seconds>' argument 'soon'/);
  await refused(
    ['--protocol', '1999', 'tools'],
    /option '--protocol <revision>' argument '1999' is invalid\. expected one of auto, legacy, /,
  );
  await refused(
    ['--max-size', 'big', 'tools'],
    /option '--max-size <megabytes>' argument 'big' is invalid\. expected a positive number/,
  );
  await refused(
    ['--concurrency', '1.5', 'status'],
    /option '--concurrency <n>' argument '1\.5' is invalid\. expected a positive whole number/,
  );
});

test('tools: server, tool, --limit as a number, --watch', async () => {
  assert.deepEqual(await options('tools'), { server: undefined, tool: undefined, limit: undefined, watch: false });
  assert.deepEqual(await options('tools', 'srv', 'echo', '--limit', '3', '--watch'), {
    server: 'srv',
    tool: 'echo',
    limit: 3,
    watch: true,
  });
  await refused(
    ['tools', 'srv', '--limit', '0'],
    /option '--limit <n>' argument '0' is invalid\. expected a positive whole number/,
  );
});

test('call: the words in order, --no-validate and --no-input, the log level, the task flags', async () => {
  assert.deepEqual(await options('call', 'srv', 'echo', 'a=1', 'b:=2', '-'), {
    server: 'srv',
    tool: 'echo',
    words: ['a=1', 'b:=2', '-'],
    argsJson: undefined,
    argsFile: undefined,
    validate: true,
    structured: false,
    saveDir: undefined,
    force: false,
    logLevel: undefined,
    input: true,
    task: false,
    detach: false,
    keep: false,
  });
  assert.deepEqual(
    await options(
      'call',
      'srv__echo',
      '--args',
      '{"a":1}',
      '--args-file',
      'args.json',
      '--no-validate',
      '--structured',
      '--save-dir',
      'out',
      '--force',
      '--log-level',
      'WARNING',
      '--no-input',
      '--task',
      '--detach',
      '--keep',
    ),
    {
      server: 'srv__echo',
      tool: undefined,
      words: [],
      argsJson: '{"a":1}',
      argsFile: 'args.json',
      validate: false,
      structured: true,
      saveDir: 'out',
      force: true,
      logLevel: 'warning',
      input: false,
      task: true,
      detach: true,
      keep: true,
    },
  );
  await refused(
    ['call', 'srv', 't', '--log-level', 'loud'],
    /option '--log-level <level>' argument 'loud' is invalid\. expected one of debug, info, /,
  );
  await refused(['call'], /missing required argument 'server'/);
});

test('tasks and tasks cancel', async () => {
  assert.deepEqual(await options('tasks', 'srv'), { server: 'srv', task: undefined, wait: false, input: true });
  assert.deepEqual(await options('tasks', 'srv', 't1', '--wait', '--no-input'), {
    server: 'srv',
    task: 't1',
    wait: true,
    input: false,
  });
  assert.deepEqual(await options('tasks', 'cancel', 'srv', 't1'), { server: 'srv', task: 't1' });
  await refused(['tasks', 'cancel', 'srv'], /missing required argument 'task'/);
});

test('resources, prompts, skills, status: positionals and flags', async () => {
  assert.deepEqual(
    await options(
      'resources',
      'srv',
      'demo://{id}',
      'id=1',
      '--complete',
      'id=',
      '-o',
      'out.bin',
      '--force',
      '--limit',
      '2',
      '--templates',
      '--watch',
    ),
    {
      server: 'srv',
      uri: 'demo://{id}',
      words: ['id=1'],
      templates: true,
      complete: 'id=',
      output: 'out.bin',
      force: true,
      limit: 2,
      watch: true,
    },
  );
  assert.deepEqual(await options('prompts', 'srv', 'p', 'city=Paris', '--complete', 'name=A', '--limit', '1'), {
    server: 'srv',
    prompt: 'p',
    words: ['city=Paris'],
    complete: 'name=A',
    limit: 1,
  });
  assert.deepEqual(await options('skills', 'docs'), { server: 'docs', name: undefined });
  assert.deepEqual(await options('status', 'a', 'b'), { servers: ['a', 'b'] });
  assert.deepEqual(await options('status'), { servers: [] });
});

test('servers and its subcommands', async () => {
  assert.deepEqual(await options('servers'), { name: undefined, names: false });
  assert.deepEqual(await options('servers', '--names'), { name: undefined, names: true });
  assert.deepEqual(
    await options(
      'servers',
      'add',
      'fs',
      '--command',
      'npx',
      '--env',
      'A=1',
      '--env',
      'B=2',
      '--cwd',
      'sub',
      '--server-timeout',
      '30',
      '--force',
      '--',
      '-y',
      'pkg',
    ),
    {
      name: 'fs',
      args: ['-y', 'pkg'],
      command: 'npx',
      url: undefined,
      type: undefined,
      cwd: 'sub',
      env: ['A=1', 'B=2'],
      header: undefined,
      serverTimeout: 30,
      force: true,
    },
  );
  assert.deepEqual(
    await options('servers', 'add', 'api', '--url', 'https://h/mcp', '--type', 'sse', '--header', 'A:b'),
    {
      name: 'api',
      args: [],
      command: undefined,
      url: 'https://h/mcp',
      type: 'sse',
      cwd: undefined,
      env: undefined,
      header: ['A:b'],
      serverTimeout: undefined,
      force: false,
    },
  );
  await refused(
    ['servers', 'add', 'x', '--type', 'ws'],
    /option '--type <type>' argument 'ws' is invalid\. Allowed choices are stdio, http, sse\./,
  );
  await refused(
    ['servers', 'add', 'x', '--server-timeout', 'no'],
    /option '--server-timeout <seconds>' argument 'no' is invalid/,
  );
  assert.deepEqual(await options('servers', 'remove', 'fs'), { name: 'fs' });
  assert.deepEqual(await options('servers', 'trust'), { files: [] });
  assert.deepEqual(await options('servers', 'untrust', '.mcp.json', 'dir'), { files: ['.mcp.json', 'dir'] });
  await refused(['servers', 'untrust'], /missing required argument 'files'/);
});

test('auth login, logout, status', async () => {
  assert.deepEqual(await options('auth', 'login', 'linear'), { server: 'linear', browser: true, scope: undefined });
  assert.deepEqual(await options('auth', 'login', 'linear', '--no-browser', '--scope', 'read write'), {
    server: 'linear',
    browser: false,
    scope: 'read write',
  });
  assert.deepEqual(await options('auth', 'logout', '--all', '--forget-client'), {
    server: undefined,
    all: true,
    forgetClient: true,
  });
  assert.deepEqual(await options('auth', 'status', 'linear'), { server: 'linear' });
});

test('test: reporters and the shard parsed; a bad one is a usage error naming the flag, after missing files', async () => {
  assert.deepEqual(await options('test', 'a.yaml'), {
    files: ['a.yaml'],
    reports: undefined,
    output: undefined,
    filter: undefined,
    bail: false,
    forbidOnly: false,
    passWithNoTests: false,
    shard: undefined,
  });
  assert.deepEqual(
    await options(
      'test',
      'a.yaml',
      'b.yaml',
      '--reporter',
      'junit:out.xml',
      '--reporter',
      'tap',
      '--output',
      'r.txt',
      '--filter',
      '^echo',
      '--bail',
      '--forbid-only',
      '--pass-with-no-tests',
      '--shard',
      '2/3',
    ),
    {
      files: ['a.yaml', 'b.yaml'],
      reports: [{ reporter: 'junit', file: 'out.xml' }, { reporter: 'tap' }],
      output: 'r.txt',
      filter: '^echo',
      bail: true,
      forbidOnly: true,
      passWithNoTests: true,
      shard: { index: 2, count: 3 },
    },
  );
  const shard = await refused(['test', 'a.yaml', '--shard', '3/2'], /^--shard 3\/2: must be i\/n with 1 <= i <= n$/);
  assert.ok(shard instanceof McpctlError && shard.kind === 'usage' && shard.hint?.includes('--shard 1/3'));
  const reporter = await refused(
    ['test', 'a.yaml', '--reporter', 'nope'],
    /^--reporter nope: "nope" is not a reporter$/,
  );
  assert.ok(reporter instanceof McpctlError && reporter.hint?.startsWith('one of terminal, junit, tap, json, github'));
  await refused(['test', 'a.yaml', '--reporter', 'junit:'], /^--reporter junit:: name the file after the colon/);
  await refused(['test', '--shard', '3/2'], /missing required argument 'files'/);
});

test('snapshot, diff, lint: defaults and choices', async () => {
  assert.deepEqual(await options('snapshot', 'srv', '--output', 'c.json'), { server: 'srv', output: 'c.json' });
  assert.deepEqual(await options('diff', 'old.json', 'srv'), { old: 'old.json', new: 'srv', failOn: 'breaking' });
  assert.deepEqual(await options('diff', 'a', 'b', '--fail-on', 'compatible'), {
    old: 'a',
    new: 'b',
    failOn: 'compatible',
  });
  await refused(
    ['diff', 'a', 'b', '--fail-on', 'any'],
    /option '--fail-on <class>' argument 'any' is invalid\. Allowed choices are breaking, compatible\./,
  );
  assert.deepEqual(await options('lint', 'srv'), {
    server: 'srv',
    rules: undefined,
    ignore: undefined,
    sampleCalls: false,
    format: 'table',
    failOn: 'error',
    maxWarnings: undefined,
  });
  assert.deepEqual(
    await options(
      'lint',
      '--rule',
      'a',
      '--rule',
      'b',
      '--ignore',
      'c',
      '--sample-calls',
      '--format',
      'sarif',
      '--fail-on',
      'warning',
      '--max-warnings',
      '0',
    ),
    {
      server: undefined,
      rules: ['a', 'b'],
      ignore: ['c'],
      sampleCalls: true,
      format: 'sarif',
      failOn: 'warning',
      maxWarnings: 0,
    },
  );
  await refused(
    ['lint', '--max-warnings', '-1'],
    /option '--max-warnings <n>' argument '-1' is invalid\. expected a whole number, 0 or more/,
  );
  await refused(
    ['lint', '--format', 'xml'],
    /option '--format <format>' argument 'xml' is invalid\. Allowed choices are table, json, sarif\./,
  );
});

test('completion and help: the words, and the command tree they describe', async () => {
  const completion = await parse('completion', 'fish');
  assert.deepEqual(completion.options, { shell: 'fish', program: completion.program });
  await refused(
    ['completion', 'ksh'],
    /value 'ksh' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./,
  );
  const help = await parse('help', 'auth', 'login');
  assert.deepEqual(help.options, { topic: ['auth', 'login'], program: help.program });
});
