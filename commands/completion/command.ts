// `mcpctl completion bash|zsh|fish`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';
import { SHELLS } from '../../src/completions/tree.js';

const completion = declare({ args: { shell: arg('<shell>', 'the shell', SHELLS) }, flags: {} });

export type CompletionOptions = OptionsOf<typeof completion> & {
  /** The command tree this command was parsed from: the completions describe it. */
  program: Command;
};

export function completionCommand(choice: Choice): Command {
  return completion
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addHelpText(
      'after',
      examples(
        'mcpctl completion bash > ~/.local/share/bash-completion/completions/mcpctl',
        'mcpctl completion zsh > "${fpath[1]}/_mcpctl"',
        'mcpctl completion fish > ~/.config/fish/completions/mcpctl.fish',
        'source <(mcpctl completion bash)',
      ),
    )
    .action(
      choice.action(
        { read: (command): CompletionOptions => ({ ...completion.read(command), program: rootOf(command) }) },
        async (deps, options) => (await import('./run.js')).runCompletion(deps, options),
      ),
    );
}

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}
