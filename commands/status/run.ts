// `mcpctl status [SERVER...]`: connect to each server concurrently and report its health.

import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import type { Outcome } from '../common/outcome.js';
import type { StatusOptions } from './command.js';
import { counted } from '../../src/output/plural.js';
import { fitBlock } from '../../src/output/fit-text.js';
import { errorObject, type ErrorObject, type McpctlError, type Phase } from '../../src/errors.js';
import type { Session } from '../../src/mcp/session/session.js';
import type { Mcp } from '../common/sessions.js';
import { authState } from '../../src/auth/status.js';
import { Secrets } from '../../src/redact.js';

export interface ServerStatus {
  server: string;
  ok: boolean;
  phase: Phase | 'ready';
  protocolVersion?: string;
  era?: 'legacy' | 'modern';
  serverInfo?: Implementation;
  capabilities?: ServerCapabilities;
  instructions?: string;
  counts?: { tools: number | null; resources: number | null; prompts: number | null };
  latencyMs: number;
  auth: string;
  error?: ErrorObject;
}

export async function runStatus(deps: Deps, opts: StatusOptions): Promise<Outcome> {
  const { out } = deps;
  const { specs, errors: configErrors } = await deps.servers.selectOrAll(opts.servers);
  const spinner = await out.startSpinner(`checking ${counted(specs.length, 'server')}`);
  const auths = await Promise.all(specs.map((spec) => authState(spec, deps.ctx)));
  const checked = await deps.sessions.each(specs, (session, mcp) => readyStatus(session, mcp));
  spinner.stop();
  const statuses: (ServerStatus & { failure?: McpctlError })[] = checked.map((c, i) =>
    c.ok
      ? { ...c.value, latencyMs: Math.round(c.ms), auth: auths[i]! }
      : {
          server: c.spec.name,
          ok: false,
          phase: c.error.phase ?? 'connect',
          latencyMs: Math.round(c.ms),
          auth: c.error.kind === 'auth' ? 'needs-sign-in' : auths[i]!,
          error: errorObject(c.error),
          failure: c.error,
        },
  );
  for (const e of configErrors)
    statuses.push({
      server: e.server ?? '?',
      ok: false,
      phase: 'config',
      latencyMs: 0,
      auth: 'unknown',
      error: errorObject(e),
    });
  const failures = deps.servers.inConfigOrder([
    ...configErrors,
    ...statuses.flatMap((s) => (s.failure ? [s.failure] : [])),
  ]);
  // What a server wrote (its stderr, in an error) may quote a secret of this run. Only a terminal's
  // stdout is masked on its way out (a pipe's carries data as it is), so the report is masked here.
  const secrets = deps.ctx.secrets ?? new Secrets();
  await printStatuses(
    deps,
    opts,
    secrets.maskDeep(statuses.map(({ failure: _f, ...s }) => s)),
    deps.out.errorObjects(failures),
  );
  return { failures };
}

async function printStatuses(
  deps: Deps,
  opts: StatusOptions,
  result: ServerStatus[],
  errors: ErrorObject[],
): Promise<void> {
  const { out } = deps;
  // As every multi-server command: the failures again beside the results, in config order.
  if (out.json) return out.printJson({ servers: result, errors });
  if (result.length === 0) {
    out.info('no servers configured');
    return;
  }
  // A pipe always gets rows, however many servers.
  if (out.tty && result.length === 1 && opts.servers.length === 1) return out.print(await renderOne(deps, result[0]));
  const { chalk } = out;
  await out.print(
    await out.table(
      [
        { header: 'SERVER', value: (s: ServerStatus) => s.server, id: true },
        {
          header: 'OK',
          value: (s) => (out.tty ? (s.ok ? '✓' : `✗ ${s.error?.kind ?? ''}`) : s.ok ? 'ok' : 'failed'),
          style: (s) => (s.ok ? chalk.green : chalk.red),
          priority: 8,
        },
        { header: 'PROTOCOL', value: (s) => s.protocolVersion ?? '', optional: true, priority: 3 },
        {
          header: 'SERVER INFO',
          value: (s) => serverInfo(s),
          wrap: true,
          optional: true,
          priority: 2,
        },
        { header: 'TOOLS', value: (s) => count(s.counts?.tools), priority: 5 },
        { header: 'RESOURCES', value: (s) => count(s.counts?.resources), priority: 4 },
        { header: 'PROMPTS', value: (s) => count(s.counts?.prompts), priority: 4 },
        { header: 'LATENCY', value: (s) => `${s.latencyMs} ms`, priority: 1 },
        { header: 'AUTH', value: (s) => s.auth, priority: 1 },
        // On a terminal the failures follow the table in full, with their hints.
        ...(out.tty
          ? []
          : [
              {
                header: 'ERROR',
                value: (s: ServerStatus) =>
                  s.error ? `${s.error.phase ? s.error.phase + ': ' : ''}${s.error.message}` : '',
              },
            ]),
      ],
      result,
    ),
  );
  // -v: each server's instructions, in full, after the table (a single server shows them anyway).
  if (out.verbose) {
    const label = (name: string) => (out.tty ? chalk.bold(`Instructions of ${name}:`) : `Instructions of ${name}:`);
    const blocks: string[] = [];
    for (const s of result.filter((r) => r.instructions?.trim())) {
      const text = await fitBlock(s.instructions!.trim(), out.tty ? out.columns : undefined, out.tty ? '  ' : '');
      blocks.push(`\n${label(s.server)}\n${text.join('\n')}\n`);
    }
    // In a pipe stdout keeps its fixed columns: the instructions go to stderr.
    if (blocks.length && out.tty) await out.print(blocks.join(''));
    else if (blocks.length) out.info(blocks.join('').trimEnd());
  }
}

function count(n: number | null | undefined): string {
  return n === null || n === undefined ? '-' : String(n);
}

/** A healthy server's status: what it is, what it speaks, how much it offers. */
async function readyStatus(session: Session, mcp: Mcp): Promise<Omit<ServerStatus, 'latencyMs' | 'auth'>> {
  const caps = session.capabilities ?? {};
  const countOf = async (kind: 'tools' | 'resources' | 'prompts', present: unknown) =>
    present
      ? (await mcp.listAll(session.client, kind, { requestOptions: session.requestOptions() })).items.length
      : null;
  const [tools, resources, prompts] = await Promise.all([
    countOf('tools', caps.tools),
    countOf('resources', caps.resources),
    countOf('prompts', caps.prompts),
  ]);
  return {
    server: session.spec.name,
    ok: true,
    phase: 'ready',
    protocolVersion: session.protocolVersion,
    era: session.era,
    serverInfo: session.serverInfo,
    capabilities: session.capabilities,
    instructions: session.instructions,
    counts: { tools, resources, prompts },
  };
}

/** `name version`, or the name alone when the server sent no version. */
function serverInfo(s: ServerStatus): string {
  if (!s.serverInfo) return '';
  const { name, version } = s.serverInfo;
  return version ? `${name} ${version}` : name;
}

/** One server in full, on a terminal: long values and the instructions wrapped to its width. */
async function renderOne(deps: Deps, s: ServerStatus): Promise<string> {
  const { chalk, tty } = deps.out;
  const width = deps.out.columns;
  const label = (k: string) => (tty ? chalk.bold(k.padEnd(14)) : k.padEnd(14));
  const wrapped = new Map<string, string[]>();
  for (const [k, v] of [
    ['server info', serverInfo(s)],
    ['error', s.error?.message ?? ''],
  ])
    wrapped.set(k, await fitBlock(v, width === undefined ? undefined : width - 14));
  const valued = (k: string) =>
    wrapped
      .get(k)!
      .map((l, i) => (i === 0 ? `${label(k)}${l}` : `${' '.repeat(14)}${l}`))
      .join('\n');
  const lines = [
    `${label('server')}${s.server}`,
    `${label('status')}${s.ok ? (tty ? chalk.green('ok') : 'ok') : tty ? chalk.red('failed') : 'failed'}`,
    `${label('phase')}${s.phase}`,
  ];
  if (s.serverInfo) lines.push(valued('server info'));
  if (s.protocolVersion) lines.push(`${label('protocol')}${s.protocolVersion} (${s.era})`);
  if (s.capabilities) lines.push(`${label('capabilities')}${Object.keys(s.capabilities).join(', ') || '(none)'}`);
  if (s.counts)
    lines.push(
      `${label('counts')}tools ${count(s.counts.tools)}, resources ${count(s.counts.resources)}, prompts ${count(s.counts.prompts)}`,
    );
  lines.push(`${label('latency')}${s.latencyMs} ms`, `${label('auth')}${s.auth}`);
  if (s.error) lines.push(valued('error'));
  if (s.instructions)
    lines.push('', chalk.bold('Instructions:'), ...(await fitBlock(s.instructions.trim(), width, '  ')));
  return lines.join('\n') + '\n';
}
