// `mcpctl servers trust` and `servers untrust`: record or forget consent to project config files.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { ServersTrustOptions } from './command.js';
import { trustFiles, untrustFiles } from '../../src/config/trust-edit.js';
import { displayPath } from '../../src/config/display-path.js';

export async function runServersTrust(deps: Deps, opts: ServersTrustOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const trusted = await trustFiles(ctx, opts.files, deps.servers.loadOptions);
  if (out.json) await out.printJson({ trusted });
  else
    for (const t of trusted)
      out.info(
        `trusted ${displayPath(t.file, ctx)} (${t.servers.length === 0 ? 'no servers' : t.servers.join(', ')}); a change to it needs trust again`,
      );
  return SUCCESS;
}

export async function runServersUntrust(deps: Deps, opts: ServersTrustOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const untrusted = await untrustFiles(ctx, opts.files);
  if (out.json) await out.printJson({ untrusted });
  else
    for (const u of untrusted)
      out.info(u.removed ? `untrusted ${displayPath(u.file, ctx)}` : `${displayPath(u.file, ctx)} was not trusted`);
  return SUCCESS;
}
