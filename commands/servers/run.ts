// `mcpctl servers [NAME]`, `servers add`, `servers remove`, `servers trust`, `servers untrust`: the
// configured servers, where each came from and whether it may start, editing a config file, and
// consent to a project config. Never connects; secrets are shown as references only.

import path from 'node:path';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { ServersAddOptions, ServersOptions, ServersRemoveOptions, ServersTrustOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import { hasControlCharacters } from '../../src/output/escape.js';
import { describeServer, type ServerDescription } from '../../src/config/display.js';
import { displayPath } from '../../src/config/display-path.js';
import type { LoadedConfig, ConfigEntry } from '../../src/config/load.js';
import type { Context } from '../../src/io.js';

// Editing, consent and the did-you-mean of an unknown name load only for the subcommand that
// uses them: listing the servers, which completion does on Tab, should not pay for them.

export async function runServers(deps: Deps, opts: ServersOptions): Promise<Outcome> {
  const { out, ctx } = deps;
  const config = await deps.servers.load();
  if (opts.names) {
    // A name with a control character (a newline among them) could not be offered as one word.
    const offered = config.entries.filter((e) => !e.disabled && !hasControlCharacters(e.name));
    await out.print(offered.map((e) => e.name + '\n').join(''));
    return SUCCESS;
  }
  if (opts.name !== undefined) {
    const entry = await findEntry(config, opts.name, ctx);
    const description = describeServer(entry);
    await (out.json ? out.printJson(description) : out.print(renderOne(deps, description)));
    return SUCCESS;
  }
  // A shadowed server is listed right after the one used in its place.
  const shadowed = new Map<string, ConfigEntry[]>();
  for (const s of config.shadowed) shadowed.set(s.name, [...(shadowed.get(s.name) ?? []), s]);
  const descriptions = config.entries
    .flatMap((e) => [e, ...(shadowed.get(e.name) ?? [])])
    .map((e) => describeServer(e));
  if (out.json) {
    await out.printJson({ servers: descriptions });
    return SUCCESS;
  }
  if (descriptions.length === 0) {
    out.info(`no servers configured (searched: ${config.searched.map((f) => displayPath(f, ctx)).join(', ')})`);
    out.info('add one with: mcpctl servers add NAME --command PROGRAM -- ARGS…   or   --url URL');
    return SUCCESS;
  }
  await out.print(
    await out.table(
      [
        { header: 'NAME', value: (d: ServerDescription) => d.name, priority: 4 },
        { header: 'TYPE', value: (d) => d.type, priority: 2 },
        { header: 'TARGET', value: (d) => target(d), wrap: true, priority: 3 },
        { header: 'SOURCE', value: (d) => displayPath(d.source, ctx), wrap: true },
        {
          header: 'STATE',
          value: (d) => (d.shadowedBy !== undefined ? 'shadowed' : d.disabled ? 'disabled' : 'enabled'),
          style: (d) => (d.shadowedBy !== undefined || d.disabled ? out.chalk.dim : undefined),
          priority: 1,
        },
        {
          header: 'TRUST',
          value: (d) => d.trust,
          style: (d) => (d.trusted ? undefined : out.chalk.yellow),
          priority: 1,
        },
      ],
      descriptions,
    ),
  );
  const untrusted = [
    ...new Set(
      descriptions.filter((d) => !d.trusted && d.shadowedBy === undefined).map((d) => displayPath(d.source, ctx)),
    ),
  ];
  for (const file of untrusted)
    out.info(
      `${file} is not trusted: its servers are not started until \`mcpctl servers trust ${file}\` (or -c ${file})`,
    );
  return SUCCESS;
}

function target(d: ServerDescription): string {
  if (d.url) return d.url;
  return [d.command, ...(d.args ?? [])].map((w) => (/[\s"'$]/.test(w ?? '') ? JSON.stringify(w) : w)).join(' ');
}

function renderOne(deps: Deps, d: ServerDescription): string {
  const { chalk, tty } = deps.out;
  const lines: string[] = [];
  const field = (key: string, value: unknown) => {
    if (value === undefined) return;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    lines.push(`${tty ? chalk.bold(key + ':') : key + ':'} ${text}`);
  };
  for (const [key, value] of Object.entries(d)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(tty ? chalk.bold(key + ':') : key + ':');
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    } else field(key, Array.isArray(value) ? value.join(' ') : value);
  }
  return lines.join('\n') + '\n';
}

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
  const { addServer } = await import('../../src/config/edit.js');
  const result = await addServer(ctx, file, name, entry, { force: opts.force === true, signal: ctx.signal });
  result.warnings.forEach((w) => out.warn(w));
  out.info(`${result.replaced ? 'replaced' : 'added'} server "${name}" to ${displayPath(file, ctx)}`);
  return SUCCESS;
}

export async function runServersRemove(deps: Deps, opts: ServersRemoveOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const file = deps.global.config
    ? path.resolve(ctx.cwd, deps.global.config)
    : (await findEntry(await deps.servers.load(), opts.name, ctx)).source;
  const { removeServer } = await import('../../src/config/edit.js');
  await removeServer(ctx, file, opts.name, ctx.signal);
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

export async function runServersTrust(deps: Deps, opts: ServersTrustOptions): Promise<Outcome> {
  const { ctx, out } = deps;
  const { trustFiles } = await import('../../src/config/trust-edit.js');
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
  const { untrustFiles } = await import('../../src/config/trust-edit.js');
  const untrusted = await untrustFiles(ctx, opts.files);
  if (out.json) await out.printJson({ untrusted });
  else
    for (const u of untrusted)
      out.info(u.removed ? `untrusted ${displayPath(u.file, ctx)}` : `${displayPath(u.file, ctx)} was not trusted`);
  return SUCCESS;
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

async function findEntry(config: LoadedConfig, name: string, ctx: Context): Promise<ConfigEntry> {
  const entry = config.entries.find((e) => e.name === name);
  if (!entry) throw (await import('../../src/config/resolve.js')).unknownServer(config, name, ctx);
  return entry;
}
