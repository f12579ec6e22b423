// `mcpctl resources SERVER [URI [NAME=VALUE...]]`: list resources or templates, or read one
// resource (a URI template filled from NAME=VALUE words): text to stdout, binary to a file (-o)
// or to a stdout that is not a terminal; or complete one template variable (--complete).

import path from 'node:path';
import type {
  CompleteResult,
  ReadResourceResult,
  RequestOptions,
  Resource,
  ResourceTemplateType as ResourceTemplate,
} from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { shiftedForStdio } from '../common/positionals.js';
import { listFor } from '../common/listing.js';
import { parseComplete, printSuggestions } from '../common/suggestions.js';
import { watchAndPrint } from '../common/watch.js';
import type { ResourcesOptions } from './command.js';
import { usageError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { completionContext, isUriTemplate, templateArguments, templateVariables } from '../../src/args/template.js';
import { expandTemplate } from '../../src/args/expand-template.js';
import { formatBytes } from '../../src/output/content.js';
import { summaryLine } from '../../src/output/first-line.js';
import { stripTransportFields } from '../../src/output/json.js';
import { contentBytes, describeContent, isBinary, renderContents } from '../../src/output/resource.js';
import { saveToFile } from '../../src/output/save.js';

export async function runResources(deps: Deps, opts: ResourcesOptions): Promise<Outcome> {
  const {
    server,
    subject: uri,
    words,
  } = shiftedForStdio(deps.global.stdio, { server: opts.server, subject: opts.uri, words: opts.words });
  if (uri !== undefined && opts.templates) throw usageError('--templates lists templates; it takes no URI');
  const spec = await deps.servers.resolve(server);
  if (opts.watch) {
    if (uri === undefined || opts.output !== undefined || words.length > 0 || opts.complete !== undefined)
      throw usageError('--watch watches one resource: give its URI (and no -o, variables or --complete)');
    await watchResource(deps, spec, uri);
    return SUCCESS;
  }
  if (uri !== undefined) {
    if (!isUriTemplate(uri)) {
      if (words.length > 0)
        throw usageError(`unexpected argument "${words[0]}": ${uri} is not a URI template`, {
          hint: 'NAME=VALUE words fill the {variables} of a URI template',
        });
      if (opts.complete !== undefined)
        throw usageError('--complete needs a URI template whose variable it completes', {
          hint: `mcpctl resources ${spec.name} --templates lists them`,
        });
      await readResource(deps, spec, uri, opts.output, opts.force);
      return SUCCESS;
    }
    const where = { server: spec.name, template: uri };
    if (opts.complete !== undefined) await completeVariable(deps, spec, uri, words, parseComplete(opts.complete));
    else
      await readResource(
        deps,
        spec,
        expandTemplate(uri, templateArguments(uri, words, where)),
        opts.output,
        opts.force,
      );
    return SUCCESS;
  }
  if (opts.complete !== undefined)
    throw usageError('--complete needs a URI template whose variable it completes', {
      hint: `mcpctl resources ${spec.name} --templates lists them`,
    });
  if (opts.output !== undefined) throw usageError('-o/--output writes a resource that is read: give its URI');
  if (opts.force) throw usageError('--force goes with -o FILE');
  await (opts.templates ? listTemplates(deps, spec, opts.limit) : listResources(deps, spec, opts.limit));
  return SUCCESS;
}

async function listResources(deps: Deps, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = deps;
  const listed = await listFor(deps, spec, 'resources', 'resource', limit);
  const resources = listed.items;
  if (out.json) return out.printJson({ resources });
  if (resources.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resources`);
  await out.print(
    await out.table(
      [
        { header: 'URI', value: (r: Resource) => r.uri, id: true },
        { header: 'NAME', value: (r) => r.title ?? r.name, priority: 3 },
        { header: 'MIME TYPE', value: (r) => r.mimeType ?? '', optional: true, priority: 1 },
        {
          header: 'SIZE',
          value: (r) => (typeof r.size === 'number' ? (out.tty ? formatBytes(r.size) : String(r.size)) : ''),
          optional: true,
        },
        {
          header: 'DESCRIPTION',
          value: (r) => summaryLine(r.description ?? '', out.tty),
          optional: true,
          priority: 2,
        },
      ],
      resources,
    ),
  );
}

async function listTemplates(deps: Deps, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = deps;
  const listed = await listFor(deps, spec, 'resourceTemplates', 'resource template', limit);
  const resourceTemplates = listed.items;
  if (out.json) return out.printJson({ resourceTemplates });
  if (resourceTemplates.length === 0)
    return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resource templates`);
  await out.print(
    await out.table(
      [
        { header: 'URI TEMPLATE', value: (t: ResourceTemplate) => t.uriTemplate, id: true },
        { header: 'NAME', value: (t) => t.title ?? t.name, priority: 3 },
        { header: 'MIME TYPE', value: (t) => t.mimeType ?? '', optional: true, priority: 1 },
        {
          header: 'DESCRIPTION',
          value: (t) => summaryLine(t.description ?? '', out.tty),
          optional: true,
          priority: 2,
        },
      ],
      resourceTemplates,
    ),
  );
}

async function completeVariable(
  deps: Deps,
  spec: ServerSpec,
  template: string,
  words: string[],
  completing: { name: string; value: string },
): Promise<void> {
  const names = templateVariables(template).map((v) => v.name);
  if (!names.includes(completing.name)) {
    throw usageError(`resource template ${template} has no variable "${completing.name}"`, {
      server: spec.name,
      hint: `its variables: ${names.join(', ')}`,
    });
  }
  // The other variables given so far are context: a server may narrow by them (nothing is required yet).
  const given = templateArguments(template, words, { server: spec.name, template }, { requireAll: false });
  const spinner = await deps.out.startSpinner(`completing ${completing.name} of ${template}`);
  const completion = await deps.sessions.open(spec, async (session, mcp) => {
    if (!session.capabilities?.completions)
      throw usageError(`server "${spec.name}" does not offer completions`, { server: spec.name });
    try {
      return (await session.client.complete(
        {
          ref: { type: 'ref/resource', uri: template },
          argument: completing,
          ...(Object.keys(given).length ? { context: { arguments: completionContext(given) } } : {}),
        },
        session.requestOptions(),
      )) as CompleteResult;
    } catch (err) {
      throw mcp.serverRefused(
        err,
        spec,
        `complete "${completing.name}" of ${template}`,
        `mcpctl resources ${spec.name} --templates lists its URI templates`,
      );
    }
  });
  spinner.stop();
  return printSuggestions(deps, completion);
}

async function readResource(
  deps: Deps,
  spec: ServerSpec,
  uri: string,
  output: string | undefined,
  force: boolean,
): Promise<void> {
  const { out, ctx } = deps;
  const spinner = await out.startSpinner(`reading ${uri}`);
  const result = await deps.sessions.open(spec, async (session, mcp) => {
    try {
      return (await session.client.readResource({ uri }, session.requestOptions())) as ReadResourceResult;
    } catch (err) {
      throw mcp.serverRefused(
        err,
        spec,
        `read ${uri}`,
        `mcpctl resources ${spec.name} lists its resources (--templates: its URI templates)`,
      );
    }
  });
  spinner.stop();
  const contents = result.contents ?? [];

  if (output !== undefined) {
    if (contents.length !== 1) {
      throw usageError(`resource ${uri} has ${contents.length} contents; -o writes exactly one`, {
        server: spec.name,
        hint: '--json prints them all',
      });
    }
    const file = path.resolve(ctx.cwd, output);
    const saved = await saveToFile(file, contentBytes(contents[0]), { force });
    out.info(
      `wrote ${describeContent(contents[0])} to ${saved.file}${saved.taken ? ` (${saved.taken} exists; --force replaces it)` : ''}`,
    );
    if (out.json) await out.printJson(stripTransportFields(result));
    return;
  }
  if (out.json) return out.printJson(stripTransportFields(result));
  const binary = contents.find((c) => isBinary(c));
  if (binary && ctx.io.stdoutIsTTY) {
    throw usageError(`resource ${uri} is binary (${describeContent(binary)}); not printing it to a terminal`, {
      server: spec.name,
      hint: `mcpctl resources ${spec.name} ${uri} -o FILE writes it to a file (or redirect stdout)`,
    });
  }
  if (contents.length === 0) return out.info(`resource ${uri} has no contents`);
  for (const chunk of renderContents(contents, { tty: out.tty, chalk: out.chalk })) await out.print(chunk);
}

/**
 * --watch: the resource now, then again after each update, until Ctrl-C (exit 0) or --timeout.
 * With --json each reading is one line (NDJSON).
 */
function watchResource(deps: Deps, spec: ServerSpec, uri: string): Promise<void> {
  const { out } = deps;
  return watchAndPrint(deps, spec, `${uri} on ${spec.name}`, { kind: 'resource', uri }, (session, mcp) => async () => {
    let result: ReadResourceResult;
    try {
      result = (await session.client.readResource({ uri }, {
        ...session.requestOptions(),
        cacheMode: 'bypass',
      } as RequestOptions)) as ReadResourceResult;
    } catch (err) {
      throw mcp.serverRefused(err, spec, `read ${uri}`, `mcpctl resources ${spec.name} lists its resources`);
    }
    if (out.json) return out.print(JSON.stringify(stripTransportFields(result)) + '\n');
    const binary = (result.contents ?? []).find((c) => isBinary(c));
    if (binary)
      throw usageError(`resource ${uri} is binary (${describeContent(binary)}); --watch prints text only`, {
        server: spec.name,
        hint: '--json prints each reading as one JSON line',
      });
    const chunks = renderContents(result.contents ?? [], { tty: out.tty, chalk: out.chalk });
    // Each reading ends its line, so the next one starts on its own.
    for (const chunk of chunks) await out.print(chunk);
    const last = chunks.at(-1);
    if (typeof last === 'string' && !last.endsWith('\n')) await out.print('\n');
  });
}
