// `mcpctl diff OLD NEW`: what changed between two contracts (each a snapshot file or a live
// server), every change breaking or compatible; exit 8 when something breaking changed.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { liveContract } from '../snapshot/run.js';
import type { DiffOptions } from './command.js';
import { McpctlError } from '../../src/errors.js';
import type { Contract } from '../../src/contract/snapshot.js';
import { type Change, type ChangeClass, diffContracts } from '../../src/contract/diff.js';
import { readContract } from '../../src/contract/read.js';

/** An existing file is a snapshot; anything else names a server. */
async function contractOf(deps: Deps, target: string): Promise<Contract> {
  const file = path.resolve(deps.ctx.cwd, target);
  const stat = await fs.stat(file).catch(() => undefined);
  if (stat?.isFile()) return readContract(file, target);
  return (await liveContract(deps, await deps.servers.resolve(target))).contract;
}

export async function runDiff(deps: Deps, opts: DiffOptions): Promise<Outcome> {
  const { out } = deps;
  const [before, after] = await Promise.all([contractOf(deps, opts.old), contractOf(deps, opts.new)]);
  const changes = await diffContracts(before, after);
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
  return SUCCESS;
}
