// A server's contract read live, as `snapshot` saves it and `diff` compares it.

import type { Deps } from './deps.js';
import type { ServerSpec } from '../../src/config/types.js';
import { type Contract, snapshotContract } from '../../src/contract/snapshot.js';

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
