// `mcpctl status [SERVER...]`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const status = declare({ args: { servers: arg('[servers...]', 'configured server names or URLs') }, flags: {} });

export type StatusOptions = OptionsOf<typeof status>;

export function statusCommand(choice: Choice): Command {
  return status
    .command('status')
    .description(
      'connect to each selected server (default: all enabled) and report health; non-zero exit if any is unhealthy',
    )
    .addHelpText(
      'after',
      examples('mcpctl status', 'mcpctl status everything', 'mcpctl status --json --connect-timeout 5'),
    )
    .action(choice.action(status, async (deps, options) => (await import('./run.js')).runStatus(deps, options)));
}
