// `mcpctl completion bash|zsh|fish`: print a completion script generated from the command tree.

import type { Command, Option } from 'commander';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { CompletionOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import { generateCompletion } from '../../src/completions/generate.js';
import { type CommandSpec, type OptionSpec, SHELLS, type Shell, type ValueKind } from '../../src/completions/tree.js';

export async function runCompletion(deps: Deps, opts: CompletionOptions): Promise<Outcome> {
  if (!(SHELLS as readonly string[]).includes(opts.shell))
    throw usageError(`unknown shell "${opts.shell}"`, { hint: `choose one of ${SHELLS.join(', ')}` });
  await deps.out.print(generateCompletion(opts.shell as Shell, toSpec(opts.program)));
  return SUCCESS;
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
  if (/^--(config|args-file|output|record|replay)$/.test(long)) return 'file';
  if (/^--(save-dir|root)$/.test(long)) return 'dir';
  if (long === '--protocol') return 'protocol';
  return 'none';
}

function argumentKind(name: string): ValueKind {
  if (name === 'server' || name === 'servers') return 'server';
  if (name === 'shell') return 'shell';
  return 'none';
}
