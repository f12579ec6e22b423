// `mcpctl tools [SERVER [TOOL]]`: the tools of one server, of every server, or one tool in full.

import { Command } from 'commander';
import type { Tool } from '@modelcontextprotocol/client';
import type { RunState } from './shared/run-state.js';
import type { Invocation } from './shared/invocation.js';
import { examples, parsePositiveInt } from './shared/options.js';
import { errorObject, type McpctlError, usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import { counted } from '../src/output/plural.js';
import { firstLine } from '../src/output/first-line.js';
import { didYouMean } from '../src/suggest.js';
import { stripTransportFields } from '../src/output/json.js';

export interface ToolsOptions {
  server?: string;
  tool?: string;
  limit?: number;
  /** --watch: print the list again on each list_changed. */
  watch?: boolean;
}

export function toolsCommand(state: RunState): Command {
  return new Command('tools')
    .description('list the tools of a server (or of every configured server), or show one tool in full')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[tool]', 'a tool name: show its description, arguments, output schema and annotations')
    .option('--limit <n>', 'stop after this many tools (per server)', parsePositiveInt)
    .option('--watch', 'print the list again each time the server says it changed, until Ctrl-C or --timeout')
    .addHelpText(
      'after',
      examples(
        'mcpctl tools',
        'mcpctl tools everything',
        'mcpctl tools everything echo',
        'mcpctl tools https://example.com/mcp --json',
        'mcpctl --stdio "npx -y @modelcontextprotocol/server-memory" tools',
        'mcpctl tools everything --watch --json',
      ),
    )
    .action(
      async (
        server: string | undefined,
        tool: string | undefined,
        flags: { limit?: number; watch?: boolean },
        cmd: Command,
      ) => {
        await runTools(state.begin(cmd), { server, tool, limit: flags.limit, watch: flags.watch === true });
      },
    );
}

interface ServerTools {
  spec: ServerSpec;
  tools: Tool[];
}

/** Lists one server's tools (filters of the config applied, malformed entries warned about). */
export async function fetchTools(inv: Invocation, spec: ServerSpec, limit?: number): Promise<ServerTools> {
  return inv.session(spec, (session) => listTools(inv, session, limit));
}

/** The tools of an open session, as fetchTools lists them. */
async function listTools(
  inv: Invocation,
  session: import('../src/mcp/session/session.js').Session,
  limit?: number,
): Promise<ServerTools> {
  const { spec } = session;
  {
    // Imported inside: lists.js loads the SDK, which a stdio server's start should overlap.
    const [{ listAll }, { toolAllowed }, { usableTools }] = await Promise.all([
      import('../src/mcp/requests/lists.js'),
      import('../src/mcp/requests/filters.js'),
      import('../src/mcp/requests/x-mcp-header.js'),
    ]);
    const outcome = await listAll(session.client, 'tools', { limit, requestOptions: session.requestOptions() });
    for (const bad of outcome.malformed)
      inv.out.warn(
        `server "${spec.name}": tool ${bad.name ? `"${bad.name}"` : `#${bad.index + 1}`} is malformed and was left out`,
      );
    const tools = outcome.items.filter((t) => toolAllowed(spec, t.name));
    return {
      spec,
      tools: session.era === 'modern' ? usableTools(spec.name, tools, (line) => inv.out.warn(line)) : tools,
    };
  }
}

export async function runTools(inv: Invocation, opts: ToolsOptions): Promise<void> {
  if (opts.server === undefined && !inv.global.stdio) return runAllTools(inv, opts);
  if (opts.server !== undefined && inv.global.stdio && opts.tool === undefined) {
    opts = { ...opts, tool: opts.server, server: undefined };
  }
  const spec = await inv.resolve(opts.server);
  if (opts.watch) {
    if (opts.tool !== undefined) throw usageError('--watch watches the tool list: give no TOOL');
    return watchTools(inv, spec, opts.limit);
  }
  const spinner = await inv.out.startSpinner(`listing tools of ${spec.name}`);
  const { tools } = await fetchTools(inv, spec, opts.tool ? undefined : opts.limit);
  spinner.stop();
  const { out } = inv;
  if (opts.tool !== undefined) {
    const tool = tools.find((t) => t.name === opts.tool);
    if (!tool) throw unknownTool(spec, opts.tool, tools);
    if (out.json) return out.printJson(stripTransportFields(tool));
    const { renderToolDetail } = await import('../src/output/tool-detail.js');
    return out.print(renderToolDetail(tool, { chalk: out.chalk, tty: out.tty, callPrefix: callPrefix(inv, spec) }));
  }
  if (out.json) return out.printJson({ tools });
  if (tools.length === 0) {
    out.info(`server "${spec.name}" has no tools`);
    return;
  }
  await out.print(
    await toolTable(
      inv,
      tools.map((tool) => ({ name: tool.name, tool })),
    ),
  );
}

async function runAllTools(inv: Invocation, opts: ToolsOptions): Promise<void> {
  const { out } = inv;
  const { specs, errors: configErrors } = await inv.allServers();
  const spinner = await out.startSpinner(`listing tools of ${counted(specs.length, 'server')}`);
  const settled = await Promise.all(
    specs.map((spec) =>
      fetchTools(inv, spec, opts.limit).then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, spec, e: inv.failure(e, spec) }),
      ),
    ),
  );
  spinner.stop();
  const results = settled.flatMap((s) => (s.ok ? [s.v] : []));
  const errors: McpctlError[] = inv.inConfigOrder([...configErrors, ...settled.flatMap((s) => (s.ok ? [] : [s.e]))]);
  inv.failAll(errors);
  if (out.json) {
    await out.printJson({
      results: results.map((r) => ({ server: r.spec.name, result: { tools: r.tools } })),
      errors: errors.map(errorObject),
    });
  } else {
    const rows = results.flatMap((r) =>
      r.tools.map((tool) => ({
        name: out.tty ? `${r.spec.name} › ${tool.name}` : `${r.spec.name}__${tool.name}`,
        tool,
      })),
    );
    if (rows.length) await out.print(await toolTable(inv, rows));
    else if (errors.length === 0) out.info(specs.length ? 'no tools' : 'no servers configured');
  }
}

/** Loaded on use: tool-detail brings the schema describers of src/args along. */
async function toolTable(inv: Invocation, rows: { name: string; tool: Tool }[]): Promise<string> {
  const { toolRequiredArgs } = await import('../src/output/tool-detail.js');
  return inv.out.table(
    [
      { header: 'NAME', value: (r: { name: string; tool: Tool }) => r.name, priority: 3 },
      { header: 'TITLE', value: (r) => r.tool.title ?? '', optional: true },
      {
        header: 'DESCRIPTION',
        value: (r) => firstLine(r.tool.description ?? ''),
        wrap: true,
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

/** How this server is named in a call a person can paste: with the same -c or --stdio. */
function callPrefix(inv: Invocation, spec: ServerSpec): string[] {
  const { config, stdio } = inv.global;
  return [
    'mcpctl',
    ...(config !== undefined ? ['-c', config] : []),
    ...(stdio !== undefined ? ['--stdio', stdio, 'call'] : ['call', spec.name]),
  ];
}

export function unknownTool(spec: ServerSpec, name: string, tools: Tool[]): McpctlError {
  const names = tools.map((t) => t.name);
  return usageError(`server "${spec.name}" has no tool "${name}"${didYouMean(name, names)}`, {
    server: spec.name,
    hint: `mcpctl tools ${spec.name} lists its ${counted(names.length, 'tool')}`,
  });
}

/** --watch: the list now, then again on each list_changed; with --json one line per list (NDJSON). */
async function watchTools(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out, ctx } = inv;
  const [{ watch }, { untilWatchEnds }] = await Promise.all([
    import('../src/mcp/requests/watch.js'),
    import('./resources.js'),
  ]);
  const deadline = inv.global.timeout === undefined ? undefined : ctx.now() + inv.global.timeout * 1000;
  await untilWatchEnds(inv, () =>
    inv.session(
      spec,
      async (session) => {
        const listAndPrint = async () => {
          const { tools } = await listTools(inv, session, limit);
          if (out.json) return out.print(JSON.stringify({ tools }) + '\n');
          await out.print(
            tools.length
              ? await toolTable(
                  inv,
                  tools.map((tool) => ({ name: tool.name, tool })),
                )
              : '',
          );
          if (!tools.length) out.info(`server "${spec.name}" has no tools`);
        };
        out.info(
          `watching the tools of ${spec.name}${deadline === undefined ? '' : ` for ${inv.global.timeout}s`} (Ctrl-C ends)`,
        );
        return watch(
          session,
          { kind: 'tools' },
          { deadline, now: ctx.now, signal: ctx.signal, onChange: listAndPrint },
        );
      },
      { commandDeadline: undefined },
    ),
  );
}
