// `mcpctl test FILE…`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, flag, list, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';
import { usageError } from '../../src/errors.js';

export const REPORTERS = ['terminal', 'junit', 'tap', 'json', 'github'] as const;
export type Reporter = (typeof REPORTERS)[number];

/** One report of the run: a reporter and where it goes (stdout when no file is named). */
export interface ReportTarget {
  reporter: Reporter;
  file?: string;
}

export interface Shard {
  index: number;
  count: number;
}

/** `junit`, `junit:out.xml`. */
export function parseReporter(value: string): ReportTarget {
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  const file = colon < 0 ? undefined : value.slice(colon + 1);
  if (!(REPORTERS as readonly string[]).includes(name))
    throw usageError(`--reporter ${value}: "${name}" is not a reporter`, {
      hint: `one of ${REPORTERS.join(', ')}, optionally with a file: junit:junit.xml`,
    });
  if (file === '') throw usageError(`--reporter ${value}: name the file after the colon, or leave the colon out`);
  return { reporter: name as Reporter, ...(file !== undefined ? { file } : {}) };
}

/** `2/3`: the second of three shards. */
export function parseShard(value: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw usageError(`--shard ${value}: must be i/n with 1 <= i <= n`, {
      hint: 'e.g. --shard 1/3 in the first of three jobs',
    });
  return { index, count };
}

const test = declare({
  args: { files: arg('<files...>', 'test files (their format: mcpctl-test.schema.json)') },
  flags: {
    /** Not given: the default (terminal, or json with --json). */
    reports: list(
      '--reporter <name[:file]>',
      `how results are reported: ${REPORTERS.join(', ')}; with :FILE into that file (repeatable)`,
      parseReporter,
    ),
    output: flag(
      '--output <file>',
      'write the one report to this file, replacing it (the live list still goes to stdout)',
    ),
    filter: flag('--filter <regex>', 'run only the tests whose name matches (none matching is exit 2)'),
    bail: flag('--bail', 'stop after the first failed test (the rest are reported as skipped)'),
    forbidOnly: flag('--forbid-only', 'fail (exit 2) when a test file marks a test only: true (for CI)'),
    passWithNoTests: flag('--pass-with-no-tests', 'exit 0 when --filter or --shard leaves no test to run'),
    shard: flag(
      '--shard <i/n>',
      'run the i-th of n deterministic parts of the tests (a CI matrix job each)',
      parseShard,
    ),
  },
});

export type TestOptions = OptionsOf<typeof test>;

export function testCommand(choice: Choice): Command {
  return test
    .command('test')
    .description('run test files (YAML or JSON) of steps with expectations; exit 8 when a test fails')
    .addHelpText(
      'after',
      examples(
        'mcpctl test mcp-tests.yaml',
        'mcpctl test tests/*.yaml --reporter junit:junit.xml --reporter terminal',
        'mcpctl test mcp-tests.yaml --reporter tap',
        'mcpctl test tests/*.yaml --reporter github --shard 1/3 --forbid-only',
        'mcpctl test mcp-tests.yaml --filter "^echo" --bail',
      ),
    )
    .action(choice.action(test, async (deps, options) => (await import('./run.js')).runTest(deps, options)));
}
