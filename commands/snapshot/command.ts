// `mcpctl snapshot SERVER`: the definition. The work is in run.ts, loaded only when it runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

export interface SnapshotOptions {
  server?: string;
  output?: string;
}

export function snapshotCommand(choice: Choice): Command {
  return new Command('snapshot')
    .description(
      "print the server's contract (info, capabilities, tools, resources, templates, prompts) as deterministic JSON, whatever protocol revision is negotiated",
    )
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .option('--output <file>', 'write the snapshot to this new file instead of stdout')
    .addHelpText(
      'after',
      examples(
        'mcpctl snapshot everything > mcp-contract.json',
        'mcpctl snapshot everything --output mcp-contract.json',
        'mcpctl diff mcp-contract.json everything',
      ),
    )
    .action((server: string | undefined, flags: { output?: string }, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runSnapshot(deps, { server, output: flags.output })),
    );
}
