// `mcpctl lint SERVER`: the definition. The work is in run.ts, loaded only when it runs.

import { Command, InvalidArgumentError, Option } from 'commander';
import type { Choice } from '../common/choice.js';
import { collect, examples } from '../common/options.js';

export type LintFormat = 'table' | 'json' | 'sarif';
export type LintFailOn = 'error' | 'warning' | 'info';

export interface LintOptions {
  server?: string;
  rules: string[];
  ignore: string[];
  /** Call the read-only tools that need no arguments and check their structuredContent. */
  sampleCalls: boolean;
  /** `table`: rows (a table on a terminal); `json` as `--json`; `sarif`: a SARIF 2.1.0 log. */
  format: LintFormat;
  /** Exit 8 on a finding of this severity or worse. */
  failOn: LintFailOn;
  /** Exit 8 when there are more warnings than this. */
  maxWarnings?: number;
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
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
    .addOption(
      new Option('--format <format>', 'table (rows), json (as --json), or sarif (a SARIF 2.1.0 log, for code scanning)')
        .choices(['table', 'json', 'sarif'])
        .default('table'),
    )
    .addOption(
      new Option('--fail-on <severity>', 'exit 8 on a finding of this severity or worse')
        .choices(['error', 'warning', 'info'])
        .default('error'),
    )
    .addOption(new Option('--max-warnings <n>', 'exit 8 when there are more than N warnings').argParser(parseCount))
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
    .action(
      (
        server: string | undefined,
        flags: {
          rule?: string[];
          ignore?: string[];
          sampleCalls?: boolean;
          format: LintFormat;
          failOn: LintFailOn;
          maxWarnings?: number;
        },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runLint(deps, {
            server,
            rules: flags.rule ?? [],
            ignore: flags.ignore ?? [],
            sampleCalls: flags.sampleCalls === true,
            format: flags.format,
            failOn: flags.failOn,
            maxWarnings: flags.maxWarnings,
          }),
        ),
    );
}
