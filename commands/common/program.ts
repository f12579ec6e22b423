// The command tree: global options and every subcommand. Also the source from which the
// shell completions are generated, so it must be buildable without running anything.

import { Command, type OutputConfiguration } from 'commander';
import type { Choice } from './choice.js';
import { examples } from './options.js';
import { globalFlags } from './global-options.js';
import { addFlags } from './flags.js';
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
  const program: Command = new Command('mcpctl')
    .description('A scriptable command-line client for MCP (Model Context Protocol) servers.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand(false);
  addFlags(program, globalFlags).addHelpText(
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

/**
 * Commander's errors thrown, never printed and never exiting, in every command of the tree, and
 * its help and messages written where `output` says.
 */
export function configureProgram(program: Command, output: OutputConfiguration): void {
  program.exitOverride();
  program.configureOutput(output);
  for (const sub of program.commands) propagate(sub, program);
}

/** Subcommands inherit the error handling and output of the program. */
function propagate(command: Command, from: Command): void {
  command.exitOverride();
  command.configureOutput(from.configureOutput());
  // `mcpctl tools --help` shows -c, --json, --timeout… too: they work after any command.
  command.configureHelp({ ...from.configureHelp(), showGlobalOptions: true });
  for (const sub of command.commands) propagate(sub, from);
}
