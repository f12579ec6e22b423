// The command tree: global options and every subcommand. Also the source from which the
// shell completions are generated, so it must be buildable without running anything.

import { Command, Option } from 'commander';
import type { Choice } from './choice.js';
import { collect, parsePositiveInt, parsePositiveNumber, parseProtocol, parseSeconds, examples } from './options.js';
import { serversCommand } from '../servers/command.js';
import { toolsCommand } from '../tools/command.js';
import { callCommand } from '../call/command.js';
import { tasksCommand } from '../tasks/command.js';
import { skillsCommand } from '../skills/command.js';
import { resourcesCommand } from '../resources/command.js';
import { promptsCommand } from '../prompts/command.js';
import { statusCommand } from '../status/command.js';
import { authCommand } from '../auth/command.js';
import { testCommand } from '../test/command.js';
import { snapshotCommand } from '../snapshot/command.js';
import { diffCommand } from '../diff/command.js';
import { lintCommand } from '../lint/command.js';
import { completionCommand } from '../completion/command.js';
import { helpCommand } from '../help/command.js';
import { VERSION } from '../../src/version.js';

export function buildProgram(choice: Choice): Command {
  const program = new Command('mcpctl')
    .description('A scriptable command-line client for MCP (Model Context Protocol) servers.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand(false)
    .option('-c, --config <file>', 'read servers from this config file only')
    .option('--json', 'print one JSON document on stdout (errors as one JSON line on stderr)')
    .addOption(new Option('--timeout <seconds>', 'wall-clock limit of the whole command').argParser(parseSeconds))
    .addOption(
      new Option('--connect-timeout <seconds>', 'limit for connect + handshake + discovery').argParser(parseSeconds),
    )
    .addOption(
      new Option('--protocol <revision>', 'auto, legacy, or a revision to pin (e.g. 2025-06-18)').argParser(
        parseProtocol,
      ),
    )
    .option('--stdio <command line>', 'use an ad-hoc stdio server started by this command line')
    .option(
      '--root <dir>',
      "offer this directory to the server as a root (repeatable; replaces the server's roots key; default: no roots)",
      collect,
    )
    .addOption(
      new Option(
        '--max-size <megabytes>',
        'largest message accepted from a server, after decompression (default 64)',
      ).argParser(parsePositiveNumber),
    )
    .addOption(
      new Option('--concurrency <n>', 'how many servers a command over several works on at once (default 8)').argParser(
        parsePositiveInt,
      ),
    )
    .option('--record <file>', "write this command's JSON-RPC exchange with each server to FILE (secrets masked)")
    .option('--replay <file>', 'run the command against a recording made with --record: no server is started')
    .option('--trust-project', 'trust the project configs found, for this run only (also MCPCTL_TRUST_PROJECT=1)')
    .option('-v, --verbose', 'show server stderr and diagnostics')
    .option('-q, --quiet', 'print nothing but data and errors')
    .option('--no-color', 'never colour output (NO_COLOR and FORCE_COLOR are honoured too)')
    .addHelpText(
      'after',
      examples(
        'mcpctl servers',
        'mcpctl tools everything',
        'mcpctl call everything echo message=hello',
        'mcpctl status --json',
        'mcpctl tools everything --json --record tools.json   # then --replay tools.json, with no server',
        'mcpctl help exit-codes',
      ),
    );
  for (const make of [
    serversCommand,
    toolsCommand,
    callCommand,
    tasksCommand,
    resourcesCommand,
    promptsCommand,
    skillsCommand,
    statusCommand,
    authCommand,
    testCommand,
    snapshotCommand,
    diffCommand,
    lintCommand,
    completionCommand,
    helpCommand,
  ]) {
    program.addCommand(make(choice));
  }
  return program;
}
