// `mcpctl status [SERVER...]`: the definition. The work is in run.ts, loaded only when it runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

export interface StatusOptions {
  servers: string[];
}

export function statusCommand(choice: Choice): Command {
  return new Command('status')
    .description(
      'connect to each selected server (default: all enabled) and report health; non-zero exit if any is unhealthy',
    )
    .argument('[servers...]', 'configured server names or URLs')
    .addHelpText(
      'after',
      examples('mcpctl status', 'mcpctl status everything', 'mcpctl status --json --connect-timeout 5'),
    )
    .action((servers: string[], _flags: unknown, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runStatus(deps, { servers })),
    );
}
