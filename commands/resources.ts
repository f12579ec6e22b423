// `mcpctl resources SERVER [URI]`: list resources or templates, or read one resource: text to
// stdout, binary to a file (-o) or to a stdout that is not a terminal.

import { Command } from 'commander';
import path from 'node:path';
import type { ReadResourceResult, Resource, ResourceTemplateType as ResourceTemplate } from '@modelcontextprotocol/client';
import type { RunState } from './run-state.js';
import type { Invocation } from './invocation.js';
import { examples, parsePositiveInt } from './options.js';
import { usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';

export interface ResourcesOptions {
  server?: string;
  uri?: string;
  templates: boolean;
  output?: string;
  /** -o may replace an existing file. */
  force: boolean;
  limit?: number;
}

export function resourcesCommand(state: RunState): Command {
  return new Command('resources')
    .description('list the resources of a server, or read one')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[uri]', 'a resource URI to read')
    .option('--templates', 'list resource templates instead of resources')
    .option('-o, --output <file>', 'write the (binary) contents to this file (an existing one is kept: the next free name is used)')
    .option('--force', 'with -o: replace the file if it exists')
    .option('--limit <n>', 'stop after this many entries', parsePositiveInt)
    .addHelpText('after', examples('mcpctl resources everything', 'mcpctl resources everything --templates', 'mcpctl resources everything demo://resource/static/document/architecture.md', 'mcpctl resources everything demo://resource/dynamic/blob/1 -o out.bin'))
    .action(async (server: string | undefined, uri: string | undefined, flags: { templates?: boolean; output?: string; force?: boolean; limit?: number }, cmd: Command) => {
      await runResources(state.begin(cmd), { server, uri, templates: flags.templates === true, output: flags.output, force: flags.force === true, limit: flags.limit });
    });
}

export async function runResources(inv: Invocation, opts: ResourcesOptions): Promise<void> {
  if (inv.global.stdio && opts.server !== undefined) {
    // With --stdio there is no SERVER: the first word is the URI.
    if (opts.uri !== undefined) throw usageError(`unexpected argument "${opts.uri}"`, { hint: 'with --stdio, give only the URI' });
    opts = { ...opts, uri: opts.server, server: undefined };
  }
  if (opts.uri !== undefined && opts.templates) throw usageError('--templates lists templates; it takes no URI');
  const spec = await inv.resolve(opts.server);
  if (opts.uri !== undefined) return readResource(inv, spec, opts.uri, opts.output, opts.force);
  if (opts.output !== undefined) throw usageError('-o/--output writes a resource that is read: give its URI');
  if (opts.force) throw usageError('--force goes with -o FILE');
  return opts.templates ? listTemplates(inv, spec, opts.limit) : listResources(inv, spec, opts.limit);
}

async function listResources(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = inv;
  const { listAll, undeclaredNote } = await import('../src/mcp/lists.js');
  const spinner = await out.startSpinner(`listing resources of ${spec.name}`);
  const listed = await inv.session(spec, async (session) =>
    listAll(session.client, 'resources', { limit, requestOptions: session.requestOptions(), capabilities: session.capabilities }),
  );
  spinner.stop();
  if (listed.undeclared && inv.ctx.io.stderrIsTTY) out.info(undeclaredNote(spec.name, 'resources'));
  warnMalformed(inv, spec, 'resource', listed.malformed);
  const resources = listed.items;
  if (out.json) return out.printJson({ resources });
  if (resources.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resources`);
  const { formatBytes } = await import('../src/output/content.js');
  await out.print(
    out.table(
      [
        { header: 'URI', value: (r: Resource) => r.uri, wrap: true, priority: 4 },
        { header: 'NAME', value: (r) => r.title ?? r.name, priority: 3 },
        { header: 'MIME TYPE', value: (r) => r.mimeType ?? '', optional: true, priority: 1 },
        { header: 'SIZE', value: (r) => (typeof r.size === 'number' ? (out.tty ? formatBytes(r.size) : String(r.size)) : ''), optional: true },
        { header: 'DESCRIPTION', value: (r) => firstLine(r.description ?? ''), wrap: true, optional: true, priority: 2 },
      ],
      resources,
    ),
  );
}

async function listTemplates(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = inv;
  const { listAll, undeclaredNote } = await import('../src/mcp/lists.js');
  const spinner = await out.startSpinner(`listing resource templates of ${spec.name}`);
  const listed = await inv.session(spec, async (session) =>
    listAll(session.client, 'resourceTemplates', { limit, requestOptions: session.requestOptions(), capabilities: session.capabilities }),
  );
  spinner.stop();
  if (listed.undeclared && inv.ctx.io.stderrIsTTY) out.info(undeclaredNote(spec.name, 'resourceTemplates'));
  warnMalformed(inv, spec, 'resource template', listed.malformed);
  const resourceTemplates = listed.items;
  if (out.json) return out.printJson({ resourceTemplates });
  if (resourceTemplates.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resource templates`);
  await out.print(
    out.table(
      [
        { header: 'URI TEMPLATE', value: (t: ResourceTemplate) => t.uriTemplate, wrap: true, priority: 4 },
        { header: 'NAME', value: (t) => t.title ?? t.name, priority: 3 },
        { header: 'MIME TYPE', value: (t) => t.mimeType ?? '', optional: true, priority: 1 },
        { header: 'DESCRIPTION', value: (t) => firstLine(t.description ?? ''), wrap: true, optional: true, priority: 2 },
      ],
      resourceTemplates,
    ),
  );
}

function warnMalformed(inv: Invocation, spec: ServerSpec, what: string, malformed: { index: number; name?: string }[]): void {
  for (const bad of malformed) inv.out.warn(`server "${spec.name}": ${what} ${bad.name ? `"${bad.name}"` : `#${bad.index + 1}`} is malformed and was left out`);
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

async function readResource(inv: Invocation, spec: ServerSpec, uri: string, output: string | undefined, force: boolean): Promise<void> {
  const { out, ctx } = inv;
  const spinner = await out.startSpinner(`reading ${uri}`);
  const { serverRefused } = await import('../src/mcp/refusal.js');
  const result = await inv.session(spec, async (session) => {
    try {
      return (await session.client.readResource({ uri }, session.requestOptions())) as ReadResourceResult;
    } catch (err) {
      throw serverRefused(err, spec, `read ${uri}`, `mcpctl resources ${spec.name} lists its resources (--templates: its URI templates)`);
    }
  });
  spinner.stop();
  const view = await import('../src/output/resource.js');
  const contents = result.contents ?? [];

  if (output !== undefined) {
    if (contents.length !== 1) {
      throw usageError(`resource ${uri} has ${contents.length} contents; -o writes exactly one`, { server: spec.name, hint: '--json prints them all' });
    }
    const file = path.resolve(ctx.cwd, output);
    const { saveToFile } = await import('../src/output/save.js');
    const saved = await saveToFile(file, view.contentBytes(contents[0]), { force });
    out.info(`wrote ${view.describeContent(contents[0])} to ${saved.file}${saved.taken ? ` (${saved.taken} exists; --force replaces it)` : ''}`);
    if (out.json) {
      const { stripTransportFields } = await import('../src/output/json.js');
      await out.printJson(stripTransportFields(result));
    }
    return;
  }
  if (out.json) {
    const { stripTransportFields } = await import('../src/output/json.js');
    return out.printJson(stripTransportFields(result));
  }
  const binary = contents.find((c) => view.isBinary(c));
  if (binary && ctx.io.stdoutIsTTY) {
    throw usageError(`resource ${uri} is binary (${view.describeContent(binary)}); not printing it to a terminal`, {
      server: spec.name,
      hint: `mcpctl resources ${spec.name} ${uri} -o FILE writes it to a file (or redirect stdout)`,
    });
  }
  if (contents.length === 0) return out.info(`resource ${uri} has no contents`);
  const { write } = await import('../src/output/output.js');
  out.stopSpinner();
  for (const chunk of view.renderContents(contents, { tty: out.tty, chalk: out.chalk })) await write(ctx.io.stdout, chunk);
}
