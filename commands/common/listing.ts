// One server's resources, resource templates or prompts, as `resources` and `prompts` list them:
// a spinner while the pages come, the note on a terminal when the server declared no such
// capability, and a warning for each malformed entry left out.

import type { ServerSpec } from '../../src/config/types.js';
import type { ListKind, ListOutcome } from '../../src/mcp/requests/lists.js';
import type { Deps } from './deps.js';
import { malformedWarning } from './malformed.js';

/** `what` names one entry in messages ("resource template"). */
export async function listFor<K extends ListKind>(
  deps: Deps,
  spec: ServerSpec,
  kind: K,
  what: string,
  limit: number | undefined,
): Promise<ListOutcome<K>> {
  const { out } = deps;
  const spinner = await out.startSpinner(`listing ${what}s of ${spec.name}`);
  const { listed, note } = await deps.sessions.open(
    spec,
    async (session, mcp) => {
      const listed = await mcp.listAll(session.client, kind, {
        limit,
        requestOptions: session.requestOptions(),
        capabilities: session.capabilities,
      });
      return { listed, note: listed.undeclared ? mcp.undeclaredNote(spec.name, kind) : undefined };
    },
    { listsOnly: true },
  );
  spinner.stop();
  if (note && deps.ctx.io.stderrIsTTY) out.info(note);
  for (const bad of listed.malformed) out.warn(malformedWarning(spec.name, what, bad));
  return listed;
}
