// `mcpctl test FILE…`: the definition. The work is in run.ts, loaded only when it runs.

import { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { collect, examples } from '../common/options.js';
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

export interface TestOptions {
  files: string[];
  /** Empty: the default (terminal, or json with --json). */
  reports: ReportTarget[];
  output?: string;
  filter?: string;
  bail: boolean;
  forbidOnly: boolean;
  passWithNoTests: boolean;
  shard?: Shard;
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

export function testCommand(choice: Choice): Command {
  return new Command('test')
    .description('run test files (YAML or JSON) of steps with expectations; exit 8 when a test fails')
    .argument('<files...>', 'test files (their format: mcpctl-test.schema.json)')
    .option(
      '--reporter <name[:file]>',
      `how results are reported: ${REPORTERS.join(', ')}; with :FILE into that file (repeatable)`,
      collect,
    )
    .option('--output <file>', 'write the one report to this file, replacing it (the live list still goes to stdout)')
    .option('--filter <regex>', 'run only the tests whose name matches (none matching is exit 2)')
    .option('--bail', 'stop after the first failed test (the rest are reported as skipped)')
    .option('--forbid-only', 'fail (exit 2) when a test file marks a test only: true (for CI)')
    .option('--pass-with-no-tests', 'exit 0 when --filter or --shard leaves no test to run')
    .option('--shard <i/n>', 'run the i-th of n deterministic parts of the tests (a CI matrix job each)')
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
    .action(
      (
        files: string[],
        flags: {
          reporter?: string[];
          output?: string;
          filter?: string;
          bail?: boolean;
          forbidOnly?: boolean;
          passWithNoTests?: boolean;
          shard?: string;
        },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runTest(deps, {
            files,
            reports: (flags.reporter ?? []).map(parseReporter),
            output: flags.output,
            filter: flags.filter,
            bail: flags.bail === true,
            forbidOnly: flags.forbidOnly === true,
            passWithNoTests: flags.passWithNoTests === true,
            ...(flags.shard !== undefined ? { shard: parseShard(flags.shard) } : {}),
          }),
        ),
    );
}
