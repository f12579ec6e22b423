// `mcpctl diff OLD NEW`: what changed between two contracts (each a snapshot file or a live
// server), every change breaking or compatible; exit 8 when something breaking changed.

import { Command, Option } from 'commander';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples } from './common/options.js';
import { liveContract } from './snapshot.js';
import { McpctlError } from '../src/errors.js';
import type { Contract } from '../src/contract/snapshot.js';
import type { Change, ChangeClass } from '../src/contract/diff.js';

export interface DiffOptions {
  old: string;
  new: string;
  failOn: ChangeClass;
}

export function diffCommand(state: RunState): Command {
  return new Command('diff')
    .description(
      'compare two contracts (snapshot files or live servers): breaking vs compatible changes; exit 8 on a breaking one',
    )
    .argument('<old>', 'a snapshot file (mcpctl snapshot), or a server')
    .argument('<new>', 'a snapshot file, or a server')
    .addOption(
      new Option('--fail-on <class>', 'exit 8 on changes of this class or worse: breaking, or compatible (any change)')
        .choices(['breaking', 'compatible'])
        .default('breaking'),
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl diff mcp-contract.json everything',
        'mcpctl diff old.json new.json --json',
        'mcpctl diff mcp-contract.json everything --fail-on compatible',
      ),
    )
    .action(async (old: string, now: string, flags: { failOn: ChangeClass }, cmd: Command) => {
      await runDiff(state.begin(cmd), { old, new: now, failOn: flags.failOn });
    });
}

/** An existing file is a snapshot; anything else names a server. */
async function contractOf(inv: Invocation, target: string): Promise<Contract> {
  const file = path.resolve(inv.ctx.cwd, target);
  const stat = await fs.stat(file).catch(() => undefined);
  if (stat?.isFile()) return (await import('../src/contract/read.js')).readContract(file, target);
  return liveContract(inv, await inv.resolve(target));
}

export async function runDiff(inv: Invocation, opts: DiffOptions): Promise<void> {
  const { out } = inv;
  const [before, after] = await Promise.all([contractOf(inv, opts.old), contractOf(inv, opts.new)]);
  const { diffContracts } = await import('../src/contract/diff.js');
  const changes = diffContracts(before, after);
  const count = (cls: ChangeClass) => changes.filter((c) => c.class === cls).length;
  const summary = { breaking: count('breaking'), compatible: count('compatible') };
  if (out.json) await out.printJson({ changes, summary });
  else if (changes.length === 0) out.info('no changes');
  else {
    const { chalk } = out;
    await out.print(
      await out.table(
        [
          {
            header: 'CLASS',
            value: (c: Change) => c.class,
            style: (c) => (c.class === 'breaking' ? chalk.red : chalk.green),
            priority: 3,
          },
          { header: 'WHERE', value: (c) => c.path, wrap: true, priority: 1 },
          { header: 'CHANGE', value: (c) => c.message, wrap: true, priority: 2 },
        ],
        // Breaking changes first: they are what a reader looks for.
        [...changes].sort((a, b) => (a.class === b.class ? 0 : a.class === 'breaking' ? -1 : 1)),
      ),
    );
    out.info(
      `${changes.length} change${changes.length === 1 ? '' : 's'}: ${summary.breaking} breaking, ${summary.compatible} compatible`,
    );
  }
  const failing = opts.failOn === 'compatible' ? changes.length : summary.breaking;
  if (failing > 0) {
    throw new McpctlError(
      'check',
      opts.failOn === 'compatible'
        ? `the contract changed (${changes.length} change${changes.length === 1 ? '' : 's'}; --fail-on compatible)`
        : `${summary.breaking} breaking change${summary.breaking === 1 ? '' : 's'}`,
      {
        hint: 'if the change is intended, write a new snapshot with mcpctl snapshot SERVER and commit it',
      },
    );
  }
}
