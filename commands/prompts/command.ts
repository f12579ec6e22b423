// `mcpctl prompts SERVER [PROMPT [ARG...]]`: the definition (arguments, flags, help). The work is
// in run.ts, loaded only when this command runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, type OptionsOf } from '../common/flags.js';
import { examples, parsePositiveInt } from '../common/options.js';

const prompts = declare({
  args: {
    server: arg('[server]', 'a configured server name, or an http(s):// URL'),
    prompt: arg('[prompt]', 'the prompt to get'),
    words: arg('[args...]', 'key=value arguments of the prompt'),
  },
  flags: {
    /** `ARG=prefix`. */
    complete: flag('--complete <arg=prefix>', 'suggest values for one argument (completion/complete)'),
    limit: flag('--limit <n>', 'stop after this many prompts', parsePositiveInt),
  },
});

export type PromptsOptions = OptionsOf<typeof prompts>;

export function promptsCommand(choice: Choice): Command {
  return prompts
    .command('prompts')
    .description('list the prompts of a server, or get one with arguments')
    .addHelpText(
      'after',
      examples(
        'mcpctl prompts everything',
        'mcpctl prompts everything simple-prompt',
        'mcpctl prompts everything args-prompt city=Paris state=TX --json',
        'mcpctl prompts everything completable-prompt department=Engineering --complete name=A',
      ),
    )
    .action(choice.action(prompts, async (deps, options) => (await import('./run.js')).runPrompts(deps, options)));
}
