// `mcpctl help [COMMAND|exit-codes]`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, type OptionsOf } from '../common/flags.js';

const help = declare({
  args: {
    /** A command's words (`auth login`), or `exit-codes`; none for the program's help. */
    topic: arg('[topic...]', 'a command (e.g. `auth login`) or exit-codes'),
  },
  flags: {},
});

export type HelpOptions = OptionsOf<typeof help> & {
  /** The command tree this command was parsed from, configured as it prints its help. */
  program: Command;
};

export function helpCommand(choice: Choice): Command {
  return help
    .command('help')
    .description('show help for a command, or `help exit-codes` for what each exit code means')
    .action(
      choice.action(
        { read: (command): HelpOptions => ({ ...help.read(command), program: command.parent! }) },
        async (deps, options) => (await import('./run.js')).runHelp(deps, options),
      ),
    );
}
