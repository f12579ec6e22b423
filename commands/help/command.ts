// `mcpctl help [COMMAND|exit-codes]`: the definition. The work is in run.ts, loaded only when it runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';

export interface HelpOptions {
  /** A command's words (`auth login`), or `exit-codes`; none for the program's help. */
  topic: string[];
  /** The command tree this command was parsed from, configured as it prints its help. */
  program: Command;
}

export function helpCommand(choice: Choice): Command {
  return new Command('help')
    .description('show help for a command, or `help exit-codes` for what each exit code means')
    .argument('[topic...]', 'a command (e.g. `auth login`) or exit-codes')
    .action((topic: string[], _flags: unknown, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runHelp(deps, { topic, program: cmd.parent! })),
    );
}
