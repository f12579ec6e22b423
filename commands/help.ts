// `mcpctl help [COMMAND|exit-codes]`: help for a command, or the exit-code table.

import { Command } from 'commander';
import type { RunState } from './common/run-state.js';
import { EXIT_CODE_TABLE } from '../src/errors.js';
import { usageError } from '../src/errors.js';

export function helpCommand(state: RunState): Command {
  return new Command('help')
    .description('show help for a command, or `help exit-codes` for what each exit code means')
    .argument('[topic...]', 'a command (e.g. `auth login`) or exit-codes')
    .action(async (topic: string[], _flags: unknown, cmd: Command) => {
      const inv = state.begin(cmd);
      const root = cmd.parent!;
      if (topic.length === 1 && topic[0] === 'exit-codes') {
        await inv.out.print(renderExitCodes(inv.out.json));
        return;
      }
      let target: Command = root;
      for (const word of topic) {
        const next = target.commands.find((c) => c.name() === word);
        if (!next)
          throw usageError(`no help topic "${topic.join(' ')}"`, {
            hint: 'try mcpctl help, mcpctl help COMMAND or mcpctl help exit-codes',
          });
        target = next;
      }
      await inv.out.print(target.helpInformation());
    });
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
