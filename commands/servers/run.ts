// `mcpctl servers [NAME]`: the configured servers, where each came from and whether it may
// start. Never connects; secrets are shown as references only.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { ServersOptions } from './command.js';
import { hasControlCharacters } from '../../src/output/escape.js';
import { describeServer, type ServerDescription } from '../../src/config/display.js';
import { displayPath } from '../../src/config/display-path.js';
import type { ConfigEntry } from '../../src/config/load.js';
import { findEntry } from '../../src/config/find-entry.js';

// Editing (edit.ts) and consent (trust.ts) are their own run modules: listing the servers, which
// completion does on Tab, does not load them.

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
    const entry = findEntry(config, opts.name, ctx);
    const description = describeServer(entry, ctx.home);
    await (out.json ? out.printJson(description) : out.print(renderOne(deps, description)));
    return SUCCESS;
  }
  // A shadowed server is listed right after the one used in its place.
  const shadowed = new Map<string, ConfigEntry[]>();
  for (const s of config.shadowed) shadowed.set(s.name, [...(shadowed.get(s.name) ?? []), s]);
  const descriptions = config.entries
    .flatMap((e) => [e, ...(shadowed.get(e.name) ?? [])])
    .map((e) => describeServer(e, ctx.home));
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
        { header: 'NAME', value: (d: ServerDescription) => d.name, id: true },
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
        // Where each stdio server starts: for the user's own, the trust of this directory decides (trust-dir.ts).
        { header: 'CWD', value: (d) => d.workingDirectory ?? '', wrap: true },
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
