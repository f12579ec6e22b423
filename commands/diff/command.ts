// `mcpctl diff OLD NEW`: the definition. The work is in run.ts, loaded only when it runs.

import type { Command } from 'commander';
import type { Choice } from '../common/choice.js';
import { arg, declare, oneOf, type OptionsOf } from '../common/flags.js';
import { examples } from '../common/options.js';
import type { ChangeClass } from '../../src/contract/diff.js';

const CHANGE_CLASSES = ['breaking', 'compatible'] as const satisfies readonly ChangeClass[];

const diff = declare({
  args: {
    old: arg('<old>', 'a snapshot file (mcpctl snapshot), or a server'),
    new: arg('<new>', 'a snapshot file, or a server'),
  },
  flags: {
    failOn: oneOf(
      '--fail-on <class>',
      'exit 8 on changes of this class or worse: breaking, or compatible (any change)',
      CHANGE_CLASSES,
      'breaking',
    ),
  },
});

export type DiffOptions = OptionsOf<typeof diff>;

export function diffCommand(choice: Choice): Command {
  return diff
    .command('diff')
    .description(
      'compare two contracts (snapshot files or live servers) by the values their schemas accept: breaking vs compatible changes; exit 8 on a breaking one',
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl diff mcp-contract.json everything',
        'mcpctl diff old.json new.json --json',
        'mcpctl diff mcp-contract.json everything --fail-on compatible',
      ),
    )
    .action(choice.action(diff, async (deps, options) => (await import('./run.js')).runDiff(deps, options)));
}
