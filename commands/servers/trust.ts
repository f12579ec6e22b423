// `mcpctl servers trust` and `servers untrust`: record or forget consent to project config files,
// and to folders the user's own servers may run in.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { ServersTrustOptions } from './command.js';
import {
  folderArguments,
  trustFiles,
  trustFolders,
  untrustFiles,
  untrustFolders,
} from '../../src/config/trust-edit.js';
import { displayPath } from '../../src/config/display-path.js';

export async function runServersTrust(deps: Deps, opts: ServersTrustOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const dirs = await folderArguments(ctx, opts.files);
  const files = opts.files.filter((f) => !dirs.includes(f));
  const folders = dirs.length > 0 ? await trustFolders(ctx, dirs) : [];
  // No argument at all: the project configs found from here, as before folders could be named.
  const trusted = files.length > 0 || dirs.length === 0 ? await trustFiles(ctx, files, deps.servers.loadOptions) : [];
  if (out.json) {
    await out.printJson({ trusted, folders });
    return SUCCESS;
  }
  for (const t of trusted)
    out.info(
      `trusted ${displayPath(t.file, ctx)} (${t.servers.length === 0 ? 'no servers' : t.servers.join(', ')}); a change to it needs trust again`,
    );
  for (const f of folders) out.info(`trusted the folder ${f.folder}: your own servers may run in it and below`);
  return SUCCESS;
}

export async function runServersUntrust(deps: Deps, opts: ServersTrustOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const dirs = await folderArguments(ctx, opts.files, true);
  const files = opts.files.filter((f) => !dirs.includes(f));
  const folders = dirs.length > 0 ? await untrustFolders(ctx, dirs) : [];
  const untrusted = files.length > 0 ? await untrustFiles(ctx, files) : [];
  if (out.json) {
    await out.printJson({ untrusted, folders });
    return SUCCESS;
  }
  for (const u of untrusted)
    out.info(u.removed ? `untrusted ${displayPath(u.file, ctx)}` : `${displayPath(u.file, ctx)} was not trusted`);
  for (const f of folders)
    out.info(f.removed ? `untrusted the folder ${f.folder}` : `the folder ${f.folder} was not trusted`);
  return SUCCESS;
}
