// `mcpctl help [COMMAND|exit-codes]`: help for a command, or the exit-code table.

import type { Command } from 'commander';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { HelpOptions } from './command.js';
import { EXIT_CODE_TABLE, usageError } from '../../src/errors.js';

export async function runHelp(deps: Deps, opts: HelpOptions): Promise<Outcome> {
  const { topic } = opts;
  if (topic.length === 1 && topic[0] === 'exit-codes') {
    await deps.out.print(renderExitCodes(deps.out.json));
    return SUCCESS;
  }
  let target: Command = opts.program;
  for (const word of topic) {
    const next = target.commands.find((c) => c.name() === word);
    if (!next)
      throw usageError(`no help topic "${topic.join(' ')}"`, {
        hint: 'try mcpctl help, mcpctl help COMMAND or mcpctl help exit-codes',
      });
    target = next;
  }
  await deps.out.print(target.helpInformation());
  return SUCCESS;
}

function renderExitCodes(json: boolean): string {
  if (json)
    return JSON.stringify({ exitCodes: EXIT_CODE_TABLE.map(([code, meaning]) => ({ code, meaning })) }, null, 2) + '\n';
  return (
    'Exit codes of mcpctl:\n' +
    EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`).join('\n') +
    '\n'
  );
}
