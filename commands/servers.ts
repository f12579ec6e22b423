// `mcpctl servers [NAME]`, `servers add`, `servers remove`, `servers trust`, `servers untrust`: the
// configured servers, where each came from and whether it may start, editing a config file, and
// consent to a project config. Never connects; secrets are shown as references only.

import { hasControlCharacters } from '../src/output/escape.js';
import { Command, Option } from 'commander';
import path from 'node:path';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { collect, examples, parseSeconds } from './common/options.js';
import { usageError } from '../src/errors.js';
import type { ServerDescription } from '../src/config/display.js';
import type { LoadedConfig, ConfigEntry } from '../src/config/load.js';
import type { Context } from '../src/io.js';

export interface ServersOptions {
  name?: string;
  names?: boolean;
}

export function serversCommand(state: RunState): Command {
  const servers = new Command('servers')
    .description('list the configured servers and the file each came from (never connects)')
    .argument('[name]', 'show one server in full')
    .addOption(
      new Option(
        '--names',
        'print the names completion offers, one per line: enabled servers, none with a control character',
      ).hideHelp(),
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl servers',
        'mcpctl servers everything',
        'mcpctl servers --json',
        'mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
        'mcpctl servers remove fs',
        'mcpctl servers trust',
      ),
    )
    .action(async (name: string | undefined, flags: { names?: boolean }, cmd: Command) => {
      await runServers(state.begin(cmd), { name, names: flags.names });
    });
  servers.addCommand(
    new Command('add')
      .description('add a server to a config file (default: .mcp.json in the working directory)')
      .argument('<name>', 'the new server name')
      .argument('[args...]', 'arguments of the command (put them after --)')
      .option('--command <program>', 'stdio: the program to start')
      .option('--url <url>', 'http/sse: the endpoint')
      .addOption(new Option('--type <type>', 'transport').choices(['stdio', 'http', 'sse']))
      .option('--cwd <dir>', 'stdio: the directory to start it in (relative to the config file)')
      .option(
        '--env <KEY=VALUE>',
        'stdio: an environment variable (repeatable; use ${VAR} to keep secrets out of the file)',
        collect,
      )
      .option(
        '--header <Name:Value>',
        'http/sse: a header (repeatable; use ${VAR} to keep secrets out of the file)',
        collect,
      )
      .addOption(new Option('--server-timeout <seconds>', "the server's timeout in seconds").argParser(parseSeconds))
      .option('--force', 'replace a server of the same name')
      .addHelpText(
        'after',
        examples(
          'mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
          "mcpctl servers add api --url https://example.com/mcp --header 'Authorization:Bearer ${API_TOKEN}'",
          'mcpctl servers add mem --command node --config ~/.config/mcpctl/config.json -- ./memory.js',
        ),
      )
      .action(async (name: string, args: string[], flags: AddFlags, cmd: Command) => {
        await runServersAdd(state.begin(cmd), name, args, flags);
      }),
  );
  servers.addCommand(
    new Command('remove')
      .description('remove a server from a config file (default: the file it comes from)')
      .argument('<name>', 'the server to remove')
      .addHelpText('after', examples('mcpctl servers remove fs', 'mcpctl servers remove fs --config .cursor/mcp.json'))
      .action(async (name: string, _flags: unknown, cmd: Command) => {
        await runServersRemove(state.begin(cmd), name);
      }),
  );
  servers.addCommand(
    new Command('trust')
      .description(
        'let mcpctl start the servers of a project config, as it is now (default: the project configs found from here)',
      )
      .argument('[files...]', 'project config files')
      .addHelpText(
        'after',
        examples('mcpctl servers trust', 'mcpctl servers trust .mcp.json', 'mcpctl servers untrust .mcp.json'),
      )
      .action(async (files: string[], _flags: unknown, cmd: Command) => {
        await runServersTrust(state.begin(cmd), files);
      }),
  );
  servers.addCommand(
    new Command('untrust')
      .description('take back the trust given to a project config')
      .argument('<files...>', 'project config files')
      .addHelpText('after', examples('mcpctl servers untrust .mcp.json'))
      .action(async (files: string[], _flags: unknown, cmd: Command) => {
        await runServersUntrust(state.begin(cmd), files);
      }),
  );
  return servers;
}

// The config modules are loaded when a subcommand runs, not when the command tree is built:
// `--help` and `completion` build the whole tree and should not pay for them.

export async function runServers(inv: Invocation, opts: ServersOptions): Promise<void> {
  const { out, ctx } = inv;
  const [config, { describeServer }] = await Promise.all([inv.loadConfig(), import('../src/config/display.js')]);
  if (opts.names) {
    // A name with a control character (a newline among them) could not be offered as one word.
    const offered = config.entries.filter((e) => !e.disabled && !hasControlCharacters(e.name));
    await out.print(offered.map((e) => e.name + '\n').join(''));
    return;
  }
  if (opts.name !== undefined) {
    const entry = await findEntry(config, opts.name, ctx);
    const description = describeServer(entry);
    await (out.json ? out.printJson(description) : out.print(renderOne(inv, description)));
    return;
  }
  // A shadowed server is listed right after the one used in its place.
  const shadowed = new Map<string, ConfigEntry[]>();
  for (const s of config.shadowed) shadowed.set(s.name, [...(shadowed.get(s.name) ?? []), s]);
  const descriptions = config.entries
    .flatMap((e) => [e, ...(shadowed.get(e.name) ?? [])])
    .map((e) => describeServer(e));
  if (out.json) return out.printJson({ servers: descriptions });
  if (descriptions.length === 0) {
    out.info(`no servers configured (searched: ${config.searched.map((f) => relative(ctx.cwd, f)).join(', ')})`);
    out.info('add one with: mcpctl servers add NAME --command PROGRAM -- ARGS…   or   --url URL');
    return;
  }
  await out.print(
    await out.table(
      [
        { header: 'NAME', value: (d: ServerDescription) => d.name, priority: 4 },
        { header: 'TYPE', value: (d) => d.type, priority: 2 },
        { header: 'TARGET', value: (d) => target(d), wrap: true, priority: 3 },
        { header: 'SOURCE', value: (d) => relative(ctx.cwd, d.source), wrap: true },
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
      descriptions.filter((d) => !d.trusted && d.shadowedBy === undefined).map((d) => relative(ctx.cwd, d.source)),
    ),
  ];
  for (const file of untrusted)
    out.info(
      `${file} is not trusted: its servers are not started until \`mcpctl servers trust ${file}\` (or -c ${file})`,
    );
}

function target(d: ServerDescription): string {
  if (d.url) return d.url;
  return [d.command, ...(d.args ?? [])].map((w) => (/[\s"'$]/.test(w ?? '') ? JSON.stringify(w) : w)).join(' ');
}

function renderOne(inv: Invocation, d: ServerDescription): string {
  const { chalk } = inv.out;
  const lines: string[] = [];
  const field = (key: string, value: unknown) => {
    if (value === undefined) return;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    lines.push(`${inv.out.tty ? chalk.bold(key + ':') : key + ':'} ${text}`);
  };
  for (const [key, value] of Object.entries(d)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(inv.out.tty ? chalk.bold(key + ':') : key + ':');
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        lines.push(`  ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    } else field(key, Array.isArray(value) ? value.join(' ') : value);
  }
  return lines.join('\n') + '\n';
}

function relative(cwd: string, file: string): string {
  if (!path.isAbsolute(file)) return file;
  const rel = path.relative(cwd, file);
  return rel.startsWith('..' + path.sep + '..') ? file : rel || file;
}

interface AddFlags {
  cwd?: string;
  command?: string;
  url?: string;
  type?: 'stdio' | 'http' | 'sse';
  env?: string[];
  header?: string[];
  serverTimeout?: number;
  force?: boolean;
}

export async function runServersAdd(inv: Invocation, name: string, args: string[], flags: AddFlags): Promise<void> {
  if ((flags.command === undefined) === (flags.url === undefined))
    throw usageError('servers add needs exactly one of --command or --url', {
      hint: 'e.g. mcpctl servers add fs --command npx -- -y @modelcontextprotocol/server-filesystem .',
    });
  if (flags.url !== undefined && args.length)
    throw usageError('arguments after the name are for --command servers only');
  const entry: Record<string, unknown> = {};
  if (flags.type) entry.type = flags.type;
  if (flags.command !== undefined) {
    entry.command = flags.command;
    if (args.length) entry.args = args;
    if (flags.cwd !== undefined) entry.cwd = flags.cwd;
    if (flags.env?.length) entry.env = pairs(flags.env, '=', '--env', 'KEY=VALUE');
    if (flags.header?.length) throw usageError('--header is for --url servers');
  } else {
    entry.url = httpUrl(flags.url!);
    if (flags.cwd !== undefined) throw usageError('--cwd is for --command servers');
    if (flags.header?.length) entry.headers = pairs(flags.header, ':', '--header', 'Name:Value');
    if (flags.env?.length) throw usageError('--env is for --command servers');
  }
  if (flags.serverTimeout !== undefined) entry.timeout = flags.serverTimeout;
  const file = path.resolve(inv.ctx.cwd, inv.global.config ?? '.mcp.json');
  const { addServer } = await import('../src/config/edit.js');
  const result = await addServer(inv.ctx, file, name, entry, { force: flags.force === true, signal: inv.ctx.signal });
  result.warnings.forEach((w) => inv.out.warn(w));
  inv.out.info(`${result.replaced ? 'replaced' : 'added'} server "${name}" to ${relative(inv.ctx.cwd, file)}`);
}

export async function runServersRemove(inv: Invocation, name: string): Promise<void> {
  let file: string;
  if (inv.global.config) file = path.resolve(inv.ctx.cwd, inv.global.config);
  else {
    file = (await findEntry(await inv.loadConfig(), name, inv.ctx)).source;
  }
  const { removeServer } = await import('../src/config/edit.js');
  await removeServer(inv.ctx, file, name, inv.ctx.signal);
  inv.out.info(`removed server "${name}" from ${relative(inv.ctx.cwd, file)}`);
}

/** --url: only an http(s) URL; `${VAR}` parts are checked once filled in, when the server is used. */
function httpUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw usageError(`--url must be an http:// or https:// URL${scheme ? `, not ${scheme}:` : ''} ("${url}")`, {
    hint: 'for example --url https://example.com/mcp',
  });
}

export async function runServersTrust(inv: Invocation, files: string[]): Promise<void> {
  const { trustFiles } = await import('../src/config/trust-edit.js');
  const trusted = await trustFiles(inv.ctx, files, inv.loadOptions);
  if (inv.out.json) return inv.out.printJson({ trusted });
  for (const t of trusted)
    inv.out.info(
      `trusted ${relative(inv.ctx.cwd, t.file)} (${t.servers.length === 0 ? 'no servers' : t.servers.join(', ')}); a change to it needs trust again`,
    );
}

export async function runServersUntrust(inv: Invocation, files: string[]): Promise<void> {
  const { untrustFiles } = await import('../src/config/trust-edit.js');
  const untrusted = await untrustFiles(inv.ctx, files);
  if (inv.out.json) return inv.out.printJson({ untrusted });
  for (const u of untrusted)
    inv.out.info(
      u.removed ? `untrusted ${relative(inv.ctx.cwd, u.file)}` : `${relative(inv.ctx.cwd, u.file)} was not trusted`,
    );
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
  if (!entry) throw (await import('../src/config/resolve.js')).unknownServer(config, name, ctx);
  return entry;
}
