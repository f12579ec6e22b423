// `mcpctl snapshot SERVER`: the server's contract as one deterministic JSON document, for a file
// committed beside the server's code and compared with `mcpctl diff`.

import { Command } from 'commander';
import path from 'node:path';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples } from './common/options.js';
import type { Contract } from '../src/contract/snapshot.js';
import type { ServerSpec } from '../src/config/types.js';

export interface SnapshotOptions {
  server?: string;
  output?: string;
}

export function snapshotCommand(state: RunState): Command {
  return new Command('snapshot')
    .description(
      "print the server's contract (info, capabilities, tools, resources, templates, prompts) as deterministic JSON",
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
    .action(async (server: string | undefined, flags: { output?: string }, cmd: Command) => {
      await runSnapshot(state.begin(cmd), { server, output: flags.output });
    });
}

/** The live contract of one server. */
export async function liveContract(inv: Invocation, spec: ServerSpec): Promise<Contract> {
  const spinner = await inv.out.startSpinner(`reading the contract of ${spec.name}`);
  try {
    return await inv.session(spec, async (session) =>
      (await import('../src/contract/snapshot.js')).snapshotContract(session),
    );
  } finally {
    spinner.stop();
  }
}

export async function runSnapshot(inv: Invocation, opts: SnapshotOptions): Promise<void> {
  const spec = await inv.resolve(opts.server);
  const { contractJson } = await import('../src/contract/snapshot.js');
  const text = contractJson(await liveContract(inv, spec));
  if (opts.output === undefined) return inv.out.print(text);
  const { writeNewFile } = await import('../src/output/report-file.js');
  await writeNewFile(path.resolve(inv.ctx.cwd, opts.output), text, opts.output);
  inv.out.info(`wrote ${opts.output}`);
}
