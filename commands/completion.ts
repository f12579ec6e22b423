// `mcpctl completion bash|zsh|fish`: print a completion script generated from the command tree.

import { Command, Argument, type Option } from 'commander';
import type { RunState } from './common/run-state.js';
import { examples } from './common/options.js';
import { usageError } from '../src/errors.js';
import { generateCompletion, SHELLS, type Shell } from '../src/completions/generate.js';
import type { CommandSpec, OptionSpec, ValueKind } from '../src/completions/tree.js';

export function completionCommand(state: RunState): Command {
  return new Command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      examples(
        'mcpctl completion bash > ~/.local/share/bash-completion/completions/mcpctl',
        'mcpctl completion zsh > "${fpath[1]}/_mcpctl"',
        'mcpctl completion fish > ~/.config/fish/completions/mcpctl.fish',
        'source <(mcpctl completion bash)',
      ),
    )
    .action(async (shell: string, _flags: unknown, cmd: Command) => {
      const inv = state.begin(cmd);
      if (!(SHELLS as readonly string[]).includes(shell))
        throw usageError(`unknown shell "${shell}"`, { hint: `choose one of ${SHELLS.join(', ')}` });
      let root: Command = cmd;
      while (root.parent) root = root.parent;
      await inv.out.print(generateCompletion(shell as Shell, toSpec(root)));
    });
}

/** The command tree as plain data, hidden options and commands left out. */
export function toSpec(command: Command): CommandSpec {
  return {
    name: command.name(),
    description: command.description(),
    options: command.options.filter((o) => !o.hidden).map(optionSpec),
    args: command.registeredArguments.map((a) => ({
      name: a.name(),
      kind: argumentKind(a.name()),
      variadic: a.variadic,
    })),
    subcommands: command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map(toSpec),
  };
}

function optionSpec(option: Option): OptionSpec {
  const flags = [option.short, option.long].filter((f): f is string => typeof f === 'string');
  return {
    flags,
    description: option.description,
    value: option.required || option.optional ? optionKind(option.long ?? '') : undefined,
  };
}

function optionKind(long: string): ValueKind {
  if (/^--(config|args-file|output)$/.test(long)) return 'file';
  if (/^--(save-dir|root)$/.test(long)) return 'dir';
  if (long === '--protocol') return 'protocol';
  return 'none';
}

function argumentKind(name: string): ValueKind {
  if (name === 'server' || name === 'servers') return 'server';
  if (name === 'shell') return 'shell';
  return 'none';
}
