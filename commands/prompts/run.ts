// `mcpctl prompts SERVER [PROMPT [ARG...]]`: list prompts, get one with arguments (required ones
// checked before sending), or ask the server to complete one argument's value.

import type { CompleteResult, GetPromptResult, Prompt } from '@modelcontextprotocol/client';
import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import { shiftedForStdio } from '../common/positionals.js';
import { listFor } from '../common/listing.js';
import { parseComplete, printSuggestions } from '../common/suggestions.js';
import type { PromptsOptions } from './command.js';
import { usageError, type McpctlError } from '../../src/errors.js';
import type { ServerSpec } from '../../src/config/types.js';
import { buildPromptArguments } from '../../src/args/prompt.js';
import { stripTransportFields } from '../../src/output/json.js';
import { counted } from '../../src/output/plural.js';
import { summaryLine } from '../../src/output/first-line.js';
import { renderPromptResult } from '../../src/output/prompt.js';
import { didYouMean } from '../../src/suggest.js';

export async function runPrompts(deps: Deps, opts: PromptsOptions): Promise<Outcome> {
  const {
    server,
    subject: prompt,
    words,
  } = shiftedForStdio(deps.global.stdio, { server: opts.server, subject: opts.prompt, words: opts.words });
  const spec = await deps.servers.resolve(server);
  if (prompt === undefined) {
    if (opts.complete !== undefined)
      throw usageError('--complete needs the prompt whose argument it completes', {
        hint: `mcpctl prompts ${spec.name} lists the prompts`,
      });
    if (words.length > 0) throw usageError('arguments need a prompt');
    await listPrompts(deps, spec, opts.limit);
  } else await getPrompt(deps, spec, prompt, words, opts.complete);
  return SUCCESS;
}

async function listPrompts(deps: Deps, spec: ServerSpec, limit: number | undefined): Promise<void> {
  const { out } = deps;
  const listed = await listFor(deps, spec, 'prompts', 'prompt', limit);
  const prompts = listed.items;
  if (out.json) return out.printJson({ prompts });
  if (prompts.length === 0) return listed.undeclared ? undefined : out.info(`server "${spec.name}" has no prompts`);
  const argumentList = (p: Prompt) => (p.arguments ?? []).map((a) => (a.required ? `${a.name}*` : a.name)).join(', ');
  await out.print(
    await out.table(
      [
        { header: 'NAME', value: (p: Prompt) => p.name, id: true },
        {
          header: 'DESCRIPTION',
          value: (p) => (p.title ? `${p.title}: ` : '') + summaryLine(p.description ?? '', out.tty),
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
  deps: Deps,
  spec: ServerSpec,
  name: string,
  words: string[],
  complete: string | undefined,
): Promise<void> {
  const { out } = deps;
  const completing = complete === undefined ? undefined : parseComplete(complete);
  const spinner = await out.startSpinner(
    completing ? `completing ${completing.name} of ${name}` : `getting prompt ${name}`,
  );
  const outcome = await deps.sessions.open(spec, async (session, mcp) => {
    const base = session.requestOptions();
    const listed = await mcp.listAll(session.client, 'prompts', {
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
        throw mcp.serverRefused(
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
      throw mcp.serverRefused(
        err,
        spec,
        `get prompt "${name}"`,
        `mcpctl prompts ${spec.name} lists its prompts and their arguments`,
      );
    }
  });
  spinner.stop();
  if (outcome.kind === 'complete') return printSuggestions(deps, outcome.completion);
  if (out.json) return out.printJson(stripTransportFields(outcome.result));
  await out.print(renderPromptResult(outcome.result, { tty: out.tty, chalk: out.chalk }));
}
