// `mcpctl prompts SERVER [PROMPT [ARG...]]`: list prompts, or get one with arguments.

import { Command } from 'commander';
import type { RunState } from './run-state.js';
import { examples, parsePositiveInt } from './options.js';
import { notImplemented } from './not-implemented.js';

export function promptsCommand(state: RunState): Command {
  return new Command('prompts')
    .description('list the prompts of a server, or get one with arguments')
    .argument('<server>', 'a configured server name, or an http(s):// URL')
    .argument('[prompt]', 'the prompt to get')
    .argument('[args...]', 'key=value arguments of the prompt')
    .option('--complete <arg=prefix>', 'suggest values for one argument (completion/complete)')
    .option('--limit <n>', 'stop after this many prompts', parsePositiveInt)
    .addHelpText('after', examples('mcpctl prompts everything', 'mcpctl prompts everything simple-prompt', 'mcpctl prompts everything args-prompt city=Paris state=TX --json'))
    .action(async (_server: string, _prompt: string | undefined, _args: string[], _flags: unknown, cmd: Command) => {
      state.begin(cmd);
      notImplemented('prompts');
    });
}
