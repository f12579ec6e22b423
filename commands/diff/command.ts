// `mcpctl diff OLD NEW`: the definition. The work is in run.ts, loaded only when it runs.

import { Command, Option } from 'commander';
import type { Choice } from '../common/choice.js';
import { examples } from '../common/options.js';
import type { ChangeClass } from '../../src/contract/diff.js';

export interface DiffOptions {
  old: string;
  new: string;
  failOn: ChangeClass;
}

export function diffCommand(choice: Choice): Command {
  return new Command('diff')
    .description(
      'compare two contracts (snapshot files or live servers) by the values their schemas accept: breaking vs compatible changes; exit 8 on a breaking one',
    )
    .argument('<old>', 'a snapshot file (mcpctl snapshot), or a server')
    .argument('<new>', 'a snapshot file, or a server')
    .addOption(
      new Option('--fail-on <class>', 'exit 8 on changes of this class or worse: breaking, or compatible (any change)')
        .choices(['breaking', 'compatible'])
        .default('breaking'),
    )
    .addHelpText(
      'after',
      examples(
        'mcpctl diff mcp-contract.json everything',
        'mcpctl diff old.json new.json --json',
        'mcpctl diff mcp-contract.json everything --fail-on compatible',
      ),
    )
    .action((old: string, now: string, flags: { failOn: ChangeClass }, cmd: Command) =>
      choice.set(cmd, async (deps) =>
        (await import('./run.js')).runDiff(deps, { old, new: now, failOn: flags.failOn }),
      ),
    );
}
