// `mcpctl lint SERVER`: the definition. The work is in run.ts, loaded only when it runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { collect, examples } from '../common/options.js';

export interface LintOptions {
  server?: string;
  rules: string[];
  ignore: string[];
  /** Call the read-only tools that need no arguments and check their structuredContent. */
  sampleCalls: boolean;
}

export function lintCommand(choice: Choice): Command {
  return new Command('lint')
    .description(
      "check that a server's tools work across clients and model providers; exit 8 on an error-level finding",
    )
    .argument('[server]', 'a configured server name, or an http(s):// URL')
    .option('--rule <id>', 'run only this rule (repeatable)', collect)
    .option('--ignore <id>', 'leave this rule out (repeatable)', collect)
    .option(
      '--sample-calls',
      'also call each tool that has an outputSchema, is marked readOnlyHint and needs no arguments, and check its structuredContent',
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl lint everything',
        'mcpctl lint everything --json',
        'mcpctl lint everything --ignore gemini-keywords --ignore openai-strict',
        'mcpctl lint everything --rule tool-name-format',
        'mcpctl lint everything --sample-calls',
      ),
    )
    .action(
      (
        server: string | undefined,
        flags: { rule?: string[]; ignore?: string[]; sampleCalls?: boolean },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runLint(deps, {
            server,
            rules: flags.rule ?? [],
            ignore: flags.ignore ?? [],
            sampleCalls: flags.sampleCalls === true,
          }),
        ),
    );
}
