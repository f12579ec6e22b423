// `mcpctl test FILE…`: the definition. The work is in run.ts, loaded only when it runs.

import { Command, Option } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';

export const REPORTERS = ['terminal', 'junit', 'tap', 'json'] as const;
export type Reporter = (typeof REPORTERS)[number];

export interface TestOptions {
  files: string[];
  reporter: Reporter;
  output?: string;
  filter?: string;
  bail: boolean;
}

export function testCommand(choice: Choice): Command {
  return new Command('test')
    .description('run test files (YAML or JSON) of steps with expectations; exit 8 when a test fails')
    .argument('<files...>', 'test files (their format: mcpctl-test.schema.json)')
    .addOption(new Option('--reporter <name>', 'how results are reported').choices([...REPORTERS]).default('terminal'))
    .option('--output <file>', 'write the report to this new file (the live list still goes to stdout)')
    .option('--filter <regex>', 'run only the tests whose name matches')
    .option('--bail', 'stop after the first failed test (the rest are reported as skipped)')
    .addHelpText(
      'after',
      examples(
        'mcpctl test mcp-tests.yaml',
        'mcpctl test tests/*.yaml --reporter junit --output junit.xml',
        'mcpctl test mcp-tests.yaml --reporter tap',
        'mcpctl test mcp-tests.yaml --filter "^echo" --bail',
      ),
    )
    .action(
      (
        files: string[],
        flags: { reporter: Reporter; output?: string; filter?: string; bail?: boolean },
        cmd: Command,
      ) =>
        choice.set(cmd, async (deps) =>
          (await import('./run.js')).runTest(deps, {
            files,
            reporter: flags.reporter,
            output: flags.output,
            filter: flags.filter,
            bail: flags.bail === true,
          }),
        ),
    );
}
