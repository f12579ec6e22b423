// `mcpctl snapshot SERVER`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const snapshot = declare({
  args: { server: arg('[server]', 'a configured server name, or an http(s):// URL') },
  flags: { output: flag('--output <file>', 'write the snapshot to this new file instead of stdout') },
});

export type SnapshotOptions = OptionsOf<typeof snapshot>;

export function snapshotCommand(choice: Choice): Command {
  return snapshot
    .command('snapshot')
    .description(
      "print the server's contract (info, capabilities, tools, resources, templates, prompts) as deterministic JSON, whatever protocol revision is negotiated",
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl snapshot everything > mcp-contract.json',
        'mcpctl snapshot everything --output mcp-contract.json',
        'mcpctl diff mcp-contract.json everything',
      ),
    )
    .action(choice.action(snapshot, async (deps, options) => (await import('./run.js')).runSnapshot(deps, options)));
}
