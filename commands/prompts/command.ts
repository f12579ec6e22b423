// `mcpctl prompts SERVER [PROMPT [ARG...]]`: the definition (arguments, flags, help). The work is
// in run.ts, loaded only when this command runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples, parsePositiveInt } from '../common/options.js';

export interface PromptsOptions {
  server?: string;
  prompt?: string;
  words: string[];
  /** `ARG=prefix` of --complete. */
  complete?: string;
  limit?: number;
}

export function promptsCommand(choice: Choice): Command {
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
      (
        server: string | undefined,
        prompt: string | undefined,
        args: string[],
        flags: { complete?: string; limit?: number },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runPrompts(deps, {
            server,
            prompt,
            words: args,
            complete: flags.complete,
            limit: flags.limit,
          }),
        ),
    );
}
