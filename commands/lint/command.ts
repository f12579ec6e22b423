// `mcpctl lint SERVER`: the definition. The work is in run.ts, loaded only when it runs.

import { type Command, InvalidArgumentError } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, list, oneOf, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';

const FORMATS = ['table', 'json', 'sarif'] as const;
const SEVERITIES = ['error', 'warning', 'info'] as const;

/** `table`: rows (a table on a terminal); `json` as `--json`; `sarif`: a SARIF 2.1.0 log. */
export type LintFormat = (typeof FORMATS)[number];
export type LintFailOn = (typeof SEVERITIES)[number];

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
}

const lint = declare({
  args: { server: arg('[server]', 'a configured server name, or an http(s):// URL') },
  flags: {
    rules: list('--rule <id>', 'run only this rule (repeatable)'),
    ignore: list('--ignore <id>', 'leave this rule out (repeatable)'),
    /** Call the read-only tools that need no arguments and check their structuredContent. */
    sampleCalls: flag(
      '--sample-calls',
      'also call each tool that has an outputSchema, is marked readOnlyHint and needs no arguments, and check its structuredContent',
    ),
    format: oneOf(
      '--format <format>',
      'table (rows), json (as --json), or sarif (a SARIF 2.1.0 log, for code scanning)',
      FORMATS,
      'table',
    ),
    /** Exit 8 on a finding of this severity or worse. */
    failOn: oneOf('--fail-on <severity>', 'exit 8 on a finding of this severity or worse', SEVERITIES, 'error'),
    /** Exit 8 when there are more warnings than this. */
    maxWarnings: flag('--max-warnings <n>', 'exit 8 when there are more than N warnings', parseCount),
  },
});

export type LintOptions = OptionsOf<typeof lint>;

export function lintCommand(choice: Choice): Command {
  return lint
    .command('lint')
    .description(
      "check that a server's tools work across clients and model providers; exit 8 on an error-level finding",
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl lint everything',
        'mcpctl lint everything --json',
        'mcpctl lint everything --format sarif > mcp-lint.sarif',
        'mcpctl lint everything --fail-on warning',
        'mcpctl lint everything --max-warnings 10',
        'mcpctl lint everything --ignore gemini-keywords --ignore openai-strict',
        'mcpctl lint everything --rule tool-name-format',
        'mcpctl lint everything --sample-calls',
      ),
    )
    .action(choice.action(lint, async (deps, options) => (await import('./run.js')).runLint(deps, options)));
}
