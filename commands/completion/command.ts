// `mcpctl completion bash|zsh|fish`: the definition. The work is in run.ts, loaded only when it runs.

import { Argument, Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';
import { SHELLS } from '../../src/completions/tree.js';

export interface CompletionOptions {
  shell: string;
  /** The command tree this command was parsed from: the completions describe it. */
  program: Command;
}

export function completionCommand(choice: Choice): Command {
  return new Command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      examples(
        'mcpctl completion bash > ~/.local/share/bash-completion/completions/mcpctl',
        'mcpctl completion zsh > "${fpath[1]}/_mcpctl"',
        'mcpctl completion fish > ~/.config/fish/completions/mcpctl.fish',
        'source <(mcpctl completion bash)',
      ),
    )
    .action((shell: string, _flags: unknown, cmd: Command) =>
      choice.set(cmd, async (deps) => (await import('./run.js')).runCompletion(deps, { shell, program: rootOf(cmd) })),
    );
}

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}
