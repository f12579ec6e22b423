// `mcpctl tools [SERVER [TOOL]]`: the tools of one server, of every server, or one tool in full.

import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import type { Mcp } from '../common/sessions.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { shiftedForStdio } from '../common/positionals.js';
import { malformedWarning } from '../common/malformed.js';
import { watchAndPrint } from '../common/watch.js';
import { unknownTool } from '../common/unknown-tool.js';
import type { ToolsOptions } from './command.js';
import { type McpctlError, usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import type { Session } from '../../src/mcp/session/session.js';
import { toolAllowed } from '../../src/mcp/requests/filters.js';
import { usableTools } from '../../src/mcp/requests/x-mcp-header.js';
import { counted } from '../../src/output/plural.js';
import { stripTransportFields } from '../../src/output/json.js';
import { renderToolDetail, toolRequiredArgs } from '../../src/output/tool-detail.js';
import { summaryLine } from '../../src/output/first-line.js';

export async function runTools(deps: Deps, opts: ToolsOptions): Promise<Outcome> {
  if (opts.server === undefined && !deps.global.stdio) return runAllTools(deps, opts);
  const {
    server,
    subject: tool,
    words,
  } = shiftedForStdio(deps.global.stdio, {
    server: opts.server,
    subject: opts.tool,
    words: [],
  });
  if (words.length)
    throw usageError(`with --stdio there is no SERVER: give only TOOL (got "${words.join(' ')}" after it)`);
  const spec = await deps.servers.resolve(server);
  if (opts.watch) {
    if (tool !== undefined) throw usageError('--watch watches the tool list: give no TOOL');
    await watchTools(deps, spec, opts.limit);
    return SUCCESS;
  }
  const { out } = deps;
  const spinner = await out.startSpinner(`listing tools of ${spec.name}`);
  const tools = await deps.sessions.open(
    spec,
    (session, mcp) => listTools(deps, session, mcp, tool ? undefined : opts.limit),
    { listsOnly: true },
  );
  spinner.stop();
  if (tool !== undefined) {
    const found = tools.find((t) => t.name === tool);
    if (!found) throw unknownTool(spec, tool, tools);
    if (out.json) await out.printJson(stripTransportFields(found));
    else
      await out.print(
        await renderToolDetail(found, {
          chalk: out.chalk,
          tty: out.tty,
          columns: out.columns,
          callPrefix: callPrefix(deps, spec),
        }),
      );
  } else if (out.json) await out.printJson({ tools });
  else if (tools.length === 0) out.info(`server "${spec.name}" has no tools`);
  else
    await out.print(
      await toolTable(
        deps,
        tools.map((t) => ({ name: t.name, tool: t })),
      ),
    );
  return SUCCESS;
}

/** One server's tools, as every command lists them: filters of the config applied, malformed entries warned about. */
export async function listTools(deps: Deps, session: Session, mcp: Mcp, limit?: number): Promise<Tool[]> {
  const { spec } = session;
  const outcome = await mcp.listAll(session.client, 'tools', { limit, requestOptions: session.requestOptions() });
  for (const bad of outcome.malformed) deps.out.warn(malformedWarning(spec.name, 'tool', bad));
  const tools = outcome.items.filter((t) => toolAllowed(spec, t.name));
  return session.era === 'modern' ? usableTools(spec.name, tools, (line) => deps.out.warn(line)) : tools;
}

async function runAllTools(deps: Deps, opts: ToolsOptions): Promise<Outcome> {
  const { out } = deps;
  const { specs, errors: configErrors } = await deps.servers.all();
  const spinner = await out.startSpinner(`listing tools of ${counted(specs.length, 'server')}`);
  const settled = await deps.sessions.each(specs, (session, mcp) => listTools(deps, session, mcp, opts.limit));
  spinner.stop();
  const results = settled.flatMap((s) => (s.ok ? [{ spec: s.spec, tools: s.value }] : []));
  const failures: McpctlError[] = deps.servers.inConfigOrder([
    ...configErrors,
    ...settled.flatMap((s) => (s.ok ? [] : [s.error])),
  ]);
  if (out.json) {
    await out.printJson({
      results: results.map((r) => ({ server: r.spec.name, result: { tools: r.tools } })),
      errors: out.errorObjects(failures),
    });
  } else {
    const rows = results.flatMap((r) =>
      r.tools.map((tool) => ({
        name: out.tty ? `${r.spec.name} › ${tool.name}` : `${r.spec.name}__${tool.name}`,
        tool,
      })),
    );
    if (rows.length) await out.print(await toolTable(deps, rows));
    else if (failures.length === 0) out.info(specs.length ? 'no tools' : 'no servers configured');
  }
  return { failures };
}

function toolTable(deps: Deps, rows: { name: string; tool: Tool }[]): Promise<string> {
  return deps.out.table(
    [
      { header: 'NAME', value: (r: { name: string; tool: Tool }) => r.name, id: true },
      { header: 'TITLE', value: (r) => r.tool.title ?? '', optional: true },
      {
        header: 'DESCRIPTION',
        value: (r) => summaryLine(r.tool.description ?? '', deps.out.tty),
        optional: true,
        priority: 2,
      },
      {
        header: 'REQUIRED',
        value: (r) => toolRequiredArgs(r.tool).join(', '),
        wrap: true,
        optional: true,
        priority: 1,
      },
    ],
    rows,
  );
}

/**
 * How this server is named in a call a person can paste: with the same -c (relative to the
 * working directory when that is shorter) or --stdio.
 */
function callPrefix(deps: Deps, spec: ServerSpec): string[] {
  const { config, stdio } = deps.global;
  return [
    'mcpctl',
    ...(config !== undefined ? ['-c', shorterPath(config, deps.ctx.cwd)] : []),
    ...(stdio !== undefined ? ['--stdio', stdio, 'call'] : ['call', spec.name]),
  ];
}

/** The path as given, or relative to `cwd` when that is shorter (a path with `~` stays as it is). */
function shorterPath(file: string, cwd: string): string {
  if (file.startsWith('~')) return file;
  const relative = path.relative(cwd, path.resolve(cwd, file));
  return relative !== '' && relative.length < file.length ? relative : file;
}

/** --watch: the list now, then again on each list_changed; with --json one line per list (NDJSON). */
function watchTools(deps: Deps, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = deps;
  return watchAndPrint(deps, spec, `the tools of ${spec.name}`, { kind: 'tools' }, (session, mcp) => async () => {
    const tools = await listTools(deps, session, mcp, limit);
    if (out.json) return out.print(JSON.stringify({ tools }) + '\n');
    await out.print(
      tools.length
        ? await toolTable(
            deps,
            tools.map((t) => ({ name: t.name, tool: t })),
          )
        : '',
    );
    if (!tools.length) out.info(`server "${spec.name}" has no tools`);
  });
}
