// `mcpctl resources SERVER [URI [NAME=VALUE...]]`: list resources or templates, or read one
// resource (a URI template filled from NAME=VALUE words): text to stdout, binary to a file (-o)
// or to a stdout that is not a terminal; or complete one template variable (--complete).

import { Command } from 'commander';
import path from 'node:path';
import type {
  CompleteResult,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
} from '@modelcontextprotocol/client';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples, parsePositiveInt } from './common/options.js';
import { usageError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import { parseComplete, printSuggestions } from './common/suggestions.js';
import { untilWatchEnds } from './common/watch.js';

export interface ResourcesOptions {
  server?: string;
  uri?: string;
  /** NAME=VALUE words filling the variables of a URI template. */
  words: string[];
  /** `NAME=prefix` of --complete. */
  complete?: string;
  templates: boolean;
  output?: string;
  /** -o may replace an existing file. */
  force: boolean;
  limit?: number;
  /** --watch: print the resource again on each update. */
  watch?: boolean;
}

export function resourcesCommand(state: RunState): Command {
  return new Command('resources')
    .description('list the resources of a server, or read one')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[uri]', 'a resource URI to read, or a URI template to fill')
    .argument('[vars...]', 'NAME=VALUE for each variable of a URI template')
    .option('--templates', 'list resource templates instead of resources')
    .option('--complete <name=prefix>', 'suggest values for one variable of a URI template (completion/complete)')
    .option(
      '-o, --output <file>',
      'write the (binary) contents to this file (an existing one is kept: the next free name is used)',
    )
    .option('--force', 'with -o: replace the file if it exists')
    .option('--limit <n>', 'stop after this many entries', parsePositiveInt)
    .option('--watch', 'subscribe to the resource and print it again on each update, until Ctrl-C or --timeout')
    .addHelpText(
      'after',
      examples(
        'mcpctl resources everything',
        'mcpctl resources everything --templates',
        'mcpctl resources everything demo://resource/static/document/architecture.md',
        'mcpctl resources everything demo://resource/dynamic/blob/1 -o out.bin',
        "mcpctl resources everything 'demo://resource/dynamic/text/{resourceId}' resourceId=1",
        "mcpctl resources everything 'demo://resource/dynamic/text/{resourceId}' --complete resourceId=",
        'mcpctl resources everything demo://resource/static/document/architecture.md --watch --json',
      ),
    )
    .action(
      async (
        server: string | undefined,
        uri: string | undefined,
        vars: string[],
        flags: {
          templates?: boolean;
          output?: string;
          force?: boolean;
          limit?: number;
          complete?: string;
          watch?: boolean;
        },
        cmd: Command,
      ) => {
        await runResources(state.begin(cmd), {
          server,
          uri,
          words: vars,
          complete: flags.complete,
          templates: flags.templates === true,
          output: flags.output,
          force: flags.force === true,
          limit: flags.limit,
          watch: flags.watch === true,
        });
      },
    );
}

export async function runResources(inv: Invocation, opts: ResourcesOptions): Promise<void> {
  if (inv.global.stdio && opts.server !== undefined) {
    // With --stdio there is no SERVER: the first word is the URI.
    opts = {
      ...opts,
      uri: opts.server,
      server: undefined,
      words: opts.uri === undefined ? opts.words : [opts.uri, ...opts.words],
    };
  }
  if (opts.uri !== undefined && opts.templates) throw usageError('--templates lists templates; it takes no URI');
  const spec = await inv.resolve(opts.server);
  if (opts.watch) {
    if (opts.uri === undefined || opts.output !== undefined || opts.words.length > 0 || opts.complete !== undefined)
      throw usageError('--watch watches one resource: give its URI (and no -o, variables or --complete)');
    return watchResource(inv, spec, opts.uri);
  }
  if (opts.uri !== undefined) {
    const { isUriTemplate, templateArguments, expandTemplate } = await import('../src/args/index.js');
    if (!isUriTemplate(opts.uri)) {
      if (opts.words.length > 0)
        throw usageError(`unexpected argument "${opts.words[0]}": ${opts.uri} is not a URI template`, {
          hint: 'NAME=VALUE words fill the {variables} of a URI template',
        });
      if (opts.complete !== undefined)
        throw usageError('--complete needs a URI template whose variable it completes', {
          hint: `mcpctl resources ${spec.name} --templates lists them`,
        });
      return readResource(inv, spec, opts.uri, opts.output, opts.force);
    }
    const where = { server: spec.name, template: opts.uri };
    if (opts.complete !== undefined)
      return completeVariable(inv, spec, opts.uri, opts.words, parseComplete(opts.complete));
    return readResource(
      inv,
      spec,
      expandTemplate(opts.uri, templateArguments(opts.uri, opts.words, where)),
      opts.output,
      opts.force,
    );
  }
  if (opts.complete !== undefined)
    throw usageError('--complete needs a URI template whose variable it completes', {
      hint: `mcpctl resources ${spec.name} --templates lists them`,
    });
  if (opts.output !== undefined) throw usageError('-o/--output writes a resource that is read: give its URI');
  if (opts.force) throw usageError('--force goes with -o FILE');
  return opts.templates ? listTemplates(inv, spec, opts.limit) : listResources(inv, spec, opts.limit);
}

async function listResources(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = inv;
  const { listAll, undeclaredNote } = await import('../src/mcp/requests/lists.js');
  const spinner = await out.startSpinner(`listing resources of ${spec.name}`);
  const listed = await inv.session(spec, async (session) =>
    listAll(session.client, 'resources', {
      limit,
      requestOptions: session.requestOptions(),
      capabilities: session.capabilities,
    }),
  );
  spinner.stop();
  if (listed.undeclared && inv.ctx.io.stderrIsTTY) out.info(undeclaredNote(spec.name, 'resources'));
  warnMalformed(inv, spec, 'resource', listed.malformed);
  const resources = listed.items;
  if (out.json) return out.printJson({ resources });
  if (resources.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resources`);
  const { formatBytes } = await import('../src/output/content.js');
  await out.print(
    await out.table(
      [
        { header: 'URI', value: (r: Resource) => r.uri, wrap: true, priority: 4 },
        { header: 'NAME', value: (r) => r.title ?? r.name, priority: 3 },
        { header: 'MIME TYPE', value: (r) => r.mimeType ?? '', optional: true, priority: 1 },
        {
          header: 'SIZE',
          value: (r) => (typeof r.size === 'number' ? (out.tty ? formatBytes(r.size) : String(r.size)) : ''),
          optional: true,
        },
        {
          header: 'DESCRIPTION',
          value: (r) => firstLine(r.description ?? ''),
          wrap: true,
          optional: true,
          priority: 2,
        },
      ],
      resources,
    ),
  );
}

async function listTemplates(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = inv;
  const { listAll, undeclaredNote } = await import('../src/mcp/requests/lists.js');
  const spinner = await out.startSpinner(`listing resource templates of ${spec.name}`);
  const listed = await inv.session(spec, async (session) =>
    listAll(session.client, 'resourceTemplates', {
      limit,
      requestOptions: session.requestOptions(),
      capabilities: session.capabilities,
    }),
  );
  spinner.stop();
  if (listed.undeclared && inv.ctx.io.stderrIsTTY) out.info(undeclaredNote(spec.name, 'resourceTemplates'));
  warnMalformed(inv, spec, 'resource template', listed.malformed);
  const resourceTemplates = listed.items;
  if (out.json) return out.printJson({ resourceTemplates });
  if (resourceTemplates.length === 0)
    return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no resource templates`);
  await out.print(
    await out.table(
      [
        { header: 'URI TEMPLATE', value: (t: ResourceTemplate) => t.uriTemplate, wrap: true, priority: 4 },
        { header: 'NAME', value: (t) => t.title ?? t.name, priority: 3 },
        { header: 'MIME TYPE', value: (t) => t.mimeType ?? '', optional: true, priority: 1 },
        {
          header: 'DESCRIPTION',
          value: (t) => firstLine(t.description ?? ''),
          wrap: true,
          optional: true,
          priority: 2,
        },
      ],
      resourceTemplates,
    ),
  );
}

async function completeVariable(
  inv: Invocation,
  spec: ServerSpec,
  template: string,
  words: string[],
  completing: { name: string; value: string },
): Promise<void> {
  const { templateVariables, templateArguments } = await import('../src/args/index.js');
  const names = templateVariables(template).map((v) => v.name);
  if (!names.includes(completing.name)) {
    throw usageError(`resource template ${template} has no variable "${completing.name}"`, {
      server: spec.name,
      hint: `its variables: ${names.join(', ')}`,
    });
  }
  // The other variables given so far are context: a server may narrow by them (nothing is required yet).
  const given = templateArguments(template, words, { server: spec.name, template }, { requireAll: false });
  const { serverRefused } = await import('../src/mcp/session/refusal.js');
  const spinner = await inv.out.startSpinner(`completing ${completing.name} of ${template}`);
  const completion = await inv.session(spec, async (session) => {
    if (!session.capabilities?.completions)
      throw usageError(`server "${spec.name}" does not offer completions`, { server: spec.name });
    try {
      return (await session.client.complete(
        {
          ref: { type: 'ref/resource', uri: template },
          argument: completing,
          ...(Object.keys(given).length ? { context: { arguments: given } } : {}),
        },
        session.requestOptions(),
      )) as CompleteResult;
    } catch (err) {
      throw serverRefused(
        err,
        spec,
        `complete "${completing.name}" of ${template}`,
        `mcpctl resources ${spec.name} --templates lists its URI templates`,
      );
    }
  });
  spinner.stop();
  return printSuggestions(inv, completion);
}

function warnMalformed(
  inv: Invocation,
  spec: ServerSpec,
  what: string,
  malformed: { index: number; name?: string }[],
): void {
  for (const bad of malformed)
    inv.out.warn(
      `server "${spec.name}": ${what} ${bad.name ? `"${bad.name}"` : `#${bad.index + 1}`} is malformed and was left out`,
    );
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

async function readResource(
  inv: Invocation,
  spec: ServerSpec,
  uri: string,
  output: string | undefined,
  force: boolean,
): Promise<void> {
  const { out, ctx } = inv;
  const spinner = await out.startSpinner(`reading ${uri}`);
  const { serverRefused } = await import('../src/mcp/session/refusal.js');
  const result = await inv.session(spec, async (session) => {
    try {
      return (await session.client.readResource({ uri }, session.requestOptions())) as ReadResourceResult;
    } catch (err) {
      throw serverRefused(
        err,
        spec,
        `read ${uri}`,
        `mcpctl resources ${spec.name} lists its resources (--templates: its URI templates)`,
      );
    }
  });
  spinner.stop();
  const view = await import('../src/output/resource.js');
  const contents = result.contents ?? [];

  if (output !== undefined) {
    if (contents.length !== 1) {
      throw usageError(`resource ${uri} has ${contents.length} contents; -o writes exactly one`, {
        server: spec.name,
        hint: '--json prints them all',
      });
    }
    const file = path.resolve(ctx.cwd, output);
    const { saveToFile } = await import('../src/output/save.js');
    const saved = await saveToFile(file, view.contentBytes(contents[0]), { force });
    out.info(
      `wrote ${view.describeContent(contents[0])} to ${saved.file}${saved.taken ? ` (${saved.taken} exists; --force replaces it)` : ''}`,
    );
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
  for (const chunk of view.renderContents(contents, { tty: out.tty, chalk: out.chalk }))
    await write(ctx.io.stdout, chunk);
}

/**
 * --watch: the resource now, then again after each update, until Ctrl-C (exit 0) or --timeout.
 * With --json each reading is one line (NDJSON).
 */
async function watchResource(inv: Invocation, spec: ServerSpec, uri: string): Promise<void> {
  const { out, ctx } = inv;
  const [{ watch }, { serverRefused }, { stripTransportFields }, view, { write }] = await Promise.all([
    import('../src/mcp/requests/watch.js'),
    import('../src/mcp/session/refusal.js'),
    import('../src/output/json.js'),
    import('../src/output/resource.js'),
    import('../src/output/output.js'),
  ]);
  const deadline = inv.global.timeout === undefined ? undefined : ctx.now() + inv.global.timeout * 1000;
  await untilWatchEnds(inv.ctx, () =>
    inv.session(
      spec,
      async (session) => {
        const readAndPrint = async () => {
          let result: ReadResourceResult;
          try {
            result = (await session.client.readResource({ uri }, {
              ...session.requestOptions(),
              cacheMode: 'bypass',
            } as import('@modelcontextprotocol/client').RequestOptions)) as ReadResourceResult;
          } catch (err) {
            throw serverRefused(err, spec, `read ${uri}`, `mcpctl resources ${spec.name} lists its resources`);
          }
          if (out.json) return write(ctx.io.stdout, JSON.stringify(stripTransportFields(result)) + '\n');
          const binary = (result.contents ?? []).find((c) => view.isBinary(c));
          if (binary)
            throw usageError(`resource ${uri} is binary (${view.describeContent(binary)}); --watch prints text only`, {
              server: spec.name,
              hint: '--json prints each reading as one JSON line',
            });
          const chunks = view.renderContents(result.contents ?? [], { tty: out.tty, chalk: out.chalk });
          // Each reading ends its line, so the next one starts on its own.
          for (const chunk of chunks) await write(ctx.io.stdout, chunk);
          const last = chunks.at(-1);
          if (typeof last === 'string' && !last.endsWith('\n')) await write(ctx.io.stdout, '\n');
        };
        out.info(
          `watching ${uri} on ${spec.name}${deadline === undefined ? '' : ` for ${inv.global.timeout}s`} (Ctrl-C ends)`,
        );
        return watch(
          session,
          { kind: 'resource', uri },
          { deadline, now: ctx.now, signal: ctx.signal, onChange: readAndPrint },
        );
      },
      { commandDeadline: undefined },
    ),
  );
}
