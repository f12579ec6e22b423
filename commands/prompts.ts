// `mcpctl prompts SERVER [PROMPT [ARG...]]`: list prompts, get one with arguments (required ones
// checked before sending), or ask the server to complete one argument's value.

import { Command } from 'commander';
import type { CompleteResult, GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { examples, parsePositiveInt } from './common/options.js';
import { usageError, type McpctlError } from '../src/errors.js';
import type { ServerSpec } from '../src/config/types.js';
import { counted } from '../src/output/plural.js';
import { didYouMean } from '../src/suggest.js';
import { parseComplete, printSuggestions } from './common/suggestions.js';

export interface PromptsOptions {
  server?: string;
  prompt?: string;
  words: string[];
  /** `ARG=prefix` of --complete. */
  complete?: string;
  limit?: number;
}

export function promptsCommand(state: RunState): Command {
  return new Command('prompts')
    .description('list the prompts of a server, or get one with arguments')
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .argument('[prompt]', 'the prompt to get')
    .argument('[args...]', 'key=value arguments of the prompt')
    .option('--complete <arg=prefix>', 'suggest values for one argument (completion/complete)')
    .option('--limit <n>', 'stop after this many prompts', parsePositiveInt)
    .addHelpText(
      'after',
      examples(
        'mcpctl prompts everything',
        'mcpctl prompts everything simple-prompt',
        'mcpctl prompts everything args-prompt city=Paris state=TX --json',
        'mcpctl prompts everything completable-prompt department=Engineering --complete name=A',
      ),
    )
    .action(
      async (
        server: string | undefined,
        prompt: string | undefined,
        args: string[],
        flags: { complete?: string; limit?: number },
        cmd: Command,
      ) => {
        await runPrompts(state.begin(cmd), {
          server,
          prompt,
          words: args,
          complete: flags.complete,
          limit: flags.limit,
        });
      },
    );
}

export async function runPrompts(inv: Invocation, opts: PromptsOptions): Promise<void> {
  if (inv.global.stdio && opts.server !== undefined) {
    // With --stdio there is no SERVER: the first word is the prompt.
    opts = {
      ...opts,
      prompt: opts.server,
      server: undefined,
      words: opts.prompt === undefined ? opts.words : [opts.prompt, ...opts.words],
    };
  }
  const spec = await inv.resolve(opts.server);
  if (opts.prompt === undefined) {
    if (opts.complete !== undefined)
      throw usageError('--complete needs the prompt whose argument it completes', {
        hint: `mcpctl prompts ${spec.name} lists the prompts`,
      });
    if (opts.words.length > 0) throw usageError('arguments need a prompt');
    return listPrompts(inv, spec, opts.limit);
  }
  return getPrompt(inv, spec, opts.prompt, opts.words, opts.complete);
}

async function listPrompts(inv: Invocation, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = inv;
  const { listAll, undeclaredNote } = await import('../src/mcp/requests/lists.js');
  const spinner = await out.startSpinner(`listing prompts of ${spec.name}`);
  const listed = await inv.session(spec, async (session) =>
    listAll(session.client, 'prompts', {
      limit,
      requestOptions: session.requestOptions(),
      capabilities: session.capabilities,
    }),
  );
  spinner.stop();
  if (listed.undeclared && inv.ctx.io.stderrIsTTY) out.info(undeclaredNote(spec.name, 'prompts'));
  for (const bad of listed.malformed)
    out.warn(
      `server "${spec.name}": prompt ${bad.name ? `"${bad.name}"` : `#${bad.index + 1}`} is malformed and was left out`,
    );
  const prompts = listed.items;
  if (out.json) return out.printJson({ prompts });
  if (prompts.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no prompts`);
  const argumentList = (p: Prompt) => (p.arguments ?? []).map((a) => (a.required ? `${a.name}*` : a.name)).join(', ');
  await out.print(
    await out.table(
      [
        { header: 'NAME', value: (p: Prompt) => p.name, priority: 3 },
        {
          header: 'DESCRIPTION',
          value: (p) => (p.title ? `${p.title}: ` : '') + (p.description ?? '').trim().split('\n')[0],
          wrap: true,
          optional: true,
          priority: 1,
        },
        { header: 'ARGUMENTS (* required)', value: argumentList, wrap: true, optional: true, priority: 2 },
      ],
      prompts,
    ),
  );
}

function unknownPrompt(spec: ServerSpec, name: string, prompts: Prompt[]): McpctlError {
  const names = prompts.map((p) => p.name);
  return usageError(`server "${spec.name}" has no prompt "${name}"${didYouMean(name, names)}`, {
    server: spec.name,
    hint: `mcpctl prompts ${spec.name} lists its ${counted(names.length, 'prompt')}`,
  });
}

async function getPrompt(
  inv: Invocation,
  spec: ServerSpec,
  name: string,
  words: string[],
  complete: string | undefined,
): Promise<void> {
  const { out } = inv;
  const [{ listAll }, { buildPromptArguments }, { serverRefused }] = await Promise.all([
    import('../src/mcp/requests/lists.js'),
    import('../src/args/prompt.js'),
    import('../src/mcp/session/refusal.js'),
  ]);
  const completing = complete === undefined ? undefined : parseComplete(complete);
  const spinner = await out.startSpinner(
    completing ? `completing ${completing.name} of ${name}` : `getting prompt ${name}`,
  );
  const outcome = await inv.session(spec, async (session) => {
    const base = session.requestOptions();
    const listed = await listAll(session.client, 'prompts', {
      until: (p) => p.name === name,
      requestOptions: base,
      capabilities: session.capabilities,
    });
    const prompt = listed.items.find((p) => p.name === name);
    if (!prompt) throw unknownPrompt(spec, name, listed.items);
    const where = { server: spec.name, prompt: name };
    if (completing) {
      // The other arguments given so far are context: a server may narrow by them.
      const given = buildPromptArguments(words, undefined, where);
      if (prompt.arguments && !prompt.arguments.some((a) => a.name === completing.name)) {
        throw usageError(`prompt "${name}" has no argument "${completing.name}"`, {
          server: spec.name,
          hint: `mcpctl prompts ${spec.name} lists its prompts and their arguments`,
        });
      }
      if (!session.capabilities?.completions) {
        throw usageError(`server "${spec.name}" does not offer completions`, { server: spec.name });
      }
      try {
        const completion = (await session.client.complete(
          {
            ref: { type: 'ref/prompt', name },
            argument: completing,
            ...(Object.keys(given).length ? { context: { arguments: given } } : {}),
          },
          base,
        )) as CompleteResult;
        return { kind: 'complete' as const, completion };
      } catch (err) {
        throw serverRefused(
          err,
          spec,
          `complete "${completing.name}" of prompt "${name}"`,
          `mcpctl prompts ${spec.name} lists its prompts and their arguments`,
        );
      }
    }
    const args = buildPromptArguments(words, prompt.arguments ?? [], where);
    try {
      const result = (await session.client.getPrompt({ name, arguments: args }, base)) as GetPromptResult;
      return { kind: 'get' as const, result };
    } catch (err) {
      throw serverRefused(
        err,
        spec,
        `get prompt "${name}"`,
        `mcpctl prompts ${spec.name} lists its prompts and their arguments`,
      );
    }
  });
  spinner.stop();
  if (outcome.kind === 'complete') return printSuggestions(inv, outcome.completion);
  const { stripTransportFields } = await import('../src/output/json.js');
  if (out.json) return out.printJson(stripTransportFields(outcome.result));
  const { renderPromptResult } = await import('../src/output/prompt.js');
  await out.print(renderPromptResult(outcome.result, { tty: out.tty, chalk: out.chalk }));
}
