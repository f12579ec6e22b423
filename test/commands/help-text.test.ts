// Help that a person reads: every subcommand's --help lists the global options, the auth group
// has examples, and counts read as English.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { BIN, run, runBin } from '../helpers/run.js';
import { HOSTILE_SERVER } from '../helpers/servers-config.js';
import { buildProgram } from '../../commands/common/program.js';
import { Choice } from '../../commands/common/choice.js';

function commandPaths(command: Command, words: string[] = []): string[][] {
  return command.commands.flatMap((sub) => [[...words, sub.name()], ...commandPaths(sub, [...words, sub.name()])]);
}

test("every subcommand's --help lists the global options", async () => {
  const program = buildProgram(new Choice());
  const paths = commandPaths(program).filter((p) => p.at(-1) !== 'help');
  assert.ok(paths.length > 10, 'the whole tree');
  for (const words of paths) {
    const r = await run([...words, '--help']);
    assert.equal(r.code, 0, words.join(' '));
    for (const flag of ['-c, --config <file>', '--json', '--timeout <seconds>', '-v, --verbose', '--no-color']) {
      assert.ok(r.stdout.includes(flag), `mcpctl ${words.join(' ')} --help lists ${flag}`);
    }
  }
});

test('auth --help has examples', async () => {
  const r = await run(['auth', '--help']);
  assert.match(r.stdout, /Examples:\n {2}\$ mcpctl auth login \S+\n/);
  assert.match(r.stdout, /\$ mcpctl auth status/);
  assert.match(r.stdout, /\$ mcpctl auth logout/);
});

test('a server with one tool "lists its 1 tool"', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcpctl-help-'));
  const config = path.join(dir, 'one.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: { one: { command: process.execPath, args: [HOSTILE_SERVER], enabledTools: ['echo'] } },
    }),
  );
  const r = await run(['-c', config, 'tools', 'one', 'nope'], { cwd: dir, home: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /mcpctl tools one lists its 1 tool$/m);
});

test('--help into a pipe and completion SHELL through bin/ print what the program prints (bin/ serves them from the build)', async () => {
  const cases = [['--help'], ...['bash', 'zsh', 'fish'].map((shell) => ['completion', shell])];
  for (const argv of cases) {
    const [program, shipped] = await Promise.all([run(argv), runBin(argv)]);
    assert.equal(program.code, 0, program.stderr);
    assert.equal(shipped.code, 0, shipped.stderr);
    assert.ok(shipped.stdout.length > 1000, `mcpctl ${argv.join(' ')} printed ${shipped.stdout.length} bytes`);
    assert.equal(shipped.stdout, program.stdout, `mcpctl ${argv.join(' ')} through bin/`);
  }
});

test('--help that cannot be written (stdout a full device) is exit 1 naming stdout', {
  skip: !existsSync('/dev/full') && 'no /dev/full',
}, () => {
  const out = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [BIN, '--help'], { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /^mcpctl: cannot write to stdout: ENOSPC/);
  } finally {
    closeSync(out);
  }
});
