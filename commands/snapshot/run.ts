// `mcpctl snapshot SERVER`: the server's contract as one deterministic JSON document, for a file
// committed beside the server's code and compared with `mcpctl diff`.

import path from 'node:path';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { SnapshotOptions } from './command.js';
import type { ServerSpec } from '../../src/config/types.js';
import { type Contract, contractJson, snapshotContract } from '../../src/contract/snapshot.js';
import { checkReportFile, writeReportFile } from '../../src/output/report-file.js';

/** The live contract of one server, and the protocol revision it was read over. */
export async function liveContract(
  deps: Deps,
  spec: ServerSpec,
): Promise<{ contract: Contract; protocolVersion: string }> {
  const spinner = await deps.out.startSpinner(`reading the contract of ${spec.name}`);
  try {
    return await deps.sessions.open(spec, async (session) => ({
      contract: await snapshotContract(session),
      protocolVersion: session.protocolVersion,
    }));
  } finally {
    spinner.stop();
  }
}

export async function runSnapshot(deps: Deps, opts: SnapshotOptions): Promise<Outcome> {
  const spec = await deps.servers.resolve(opts.server);
  // A file that cannot be written is known before the server starts.
  if (opts.output !== undefined) await checkReportFile(path.resolve(deps.ctx.cwd, opts.output), opts.output);
  const { contract, protocolVersion } = await liveContract(deps, spec);
  const text = contractJson(contract);
  deps.out.info(`${spec.name} spoke protocol revision ${protocolVersion} (not part of the contract)`);
  if (opts.output === undefined) await deps.out.print(text);
  else {
    await writeReportFile(path.resolve(deps.ctx.cwd, opts.output), text, opts.output);
    deps.out.info(`wrote ${opts.output}`);
  }
  return SUCCESS;
}
