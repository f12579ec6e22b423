// `mcpctl servers add` and `servers remove`: edit a config file in place, under its lock.

import path from 'node:path';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { ServersAddOptions, ServersRemoveOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import { addServer, removeServer } from '../../src/config/edit.js';
import { displayPath } from '../../src/config/display-path.js';
import { findEntry } from '../../src/config/find-entry.js';

export async function runServersAdd(deps: Deps, opts: ServersAddOptions): Promise<Outcome> {
  const { name, args } = opts;
  if ((opts.command === undefined) === (opts.url === undefined))
    throw usageError('servers add needs exactly one of --command or --url', {
      hint: 'e.g. mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
    });
  if (opts.url !== undefined && args.length)
    throw usageError('arguments after the name are for --command servers only');
  const entry: Record<string, unknown> = {};
  if (opts.type) entry.type = opts.type;
  if (opts.command !== undefined) {
    entry.command = opts.command;
    if (args.length) entry.args = args;
    if (opts.cwd !== undefined) entry.cwd = opts.cwd;
    if (opts.env?.length) entry.env = pairs(opts.env, '=', '--env', 'KEY=VALUE');
    if (opts.header?.length) throw usageError('--header is for --url servers');
  } else {
    entry.url = httpUrl(opts.url!);
    if (opts.cwd !== undefined) throw usageError('--cwd is for --command servers');
    if (opts.header?.length) entry.headers = pairs(opts.header, ':', '--header', 'Name:Value');
    if (opts.env?.length) throw usageError('--env is for --command servers');
  }
  if (opts.serverTimeout !== undefined) entry.timeout = opts.serverTimeout;
  const { ctx, out } = deps;
  const file = path.resolve(ctx.cwd, deps.global.config ?? '.mcp.json');
  // Not named with --config, ./.mcp.json is a project config: edited only where the loader reads one.
  const project = deps.global.config === undefined;
  const result = await addServer(ctx, file, name, entry, { force: opts.force === true, signal: ctx.signal, project });
  result.warnings.forEach((w) => out.warn(w));
  out.info(`${result.replaced ? 'replaced' : 'added'} server "${name}" to ${displayPath(file, ctx)}`);
  return SUCCESS;
}

export async function runServersRemove(deps: Deps, opts: ServersRemoveOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const found = deps.global.config ? undefined : findEntry(await deps.servers.load(), opts.name, ctx);
  const file = found?.source ?? path.resolve(ctx.cwd, deps.global.config!);
  await removeServer(ctx, file, opts.name, { signal: ctx.signal, project: found?.scope === 'project' });
  out.info(`removed server "${opts.name}" from ${displayPath(file, ctx)}`);
  return SUCCESS;
}

/** --url: only an http(s) URL; `${VAR}` parts are checked once filled in, when the server is used. */
function httpUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw usageError(`--url must be an http:// or https:// URL${scheme ? `, not ${scheme}:` : ''} ("${url}")`, {
    hint: 'for example --url https://example.com/mcp',
  });
}

function pairs(items: string[], separator: string, flag: string, form: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    if (at <= 0) throw usageError(`${flag} "${item}" is not ${form}`);
    result[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return result;
}
