// `mcpctl lint SERVER`: portability and quality rules for a server's tools, each finding with
// its rule, severity and JSON path; exit 8 on any error-level finding.

import { Command } from 'commander';
import type { RunState } from './common/run-state.js';
import type { Invocation } from './common/invocation.js';
import { collect, examples } from './common/options.js';
import { McpctlError, usageError } from '../src/errors.js';
import { didYouMean } from '../src/suggest.js';
import type { Finding } from '../src/lint/lint.js';

export interface LintOptions {
  server?: string;
  rules: string[];
  ignore: string[];
  /** Call the read-only tools that need no arguments and check their structuredContent. */
  sampleCalls: boolean;
}

export function lintCommand(state: RunState): Command {
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
      async (
        server: string | undefined,
        flags: { rule?: string[]; ignore?: string[]; sampleCalls?: boolean },
        cmd: Command,
      ) => {
        await runLint(state.begin(cmd), {
          server,
          rules: flags.rule ?? [],
          ignore: flags.ignore ?? [],
          sampleCalls: flags.sampleCalls === true,
        });
      },
    );
}

export async function runLint(inv: Invocation, opts: LintOptions): Promise<void> {
  const { out } = inv;
  const [{ lintTools, selected, SHAPE_RULE }, rules, { SAMPLE_RULE }] = await Promise.all([
    import('../src/lint/lint.js'),
    import('../src/lint/rules.js'),
    import('../src/lint/sample.js'),
  ]);
  const RULE_IDS = [SHAPE_RULE.id, ...rules.RULE_IDS, SAMPLE_RULE];
  for (const [flag, ids] of [
    ['--rule', opts.rules],
    ['--ignore', opts.ignore],
  ] as const) {
    for (const id of ids)
      if (!RULE_IDS.includes(id))
        throw usageError(`${flag} ${id}: no such rule${didYouMean(id, RULE_IDS)}`, {
          hint: `the rules: ${RULE_IDS.join(', ')}`,
        });
  }
  const spec = await inv.resolve(opts.server);
  const spinner = await out.startSpinner(`linting the tools of ${spec.name}`);
  const selection = { only: opts.rules, ignore: opts.ignore };
  const { tools, malformed, samples } = await inv.session(spec, async (session) => {
    const [{ listAll }, { toolAllowed }, { sampleStructuredOutput }] = await Promise.all([
      import('../src/mcp/requests/lists.js'),
      import('../src/mcp/requests/filters.js'),
      import('../src/lint/sample.js'),
    ]);
    const outcome = await listAll(session.client, 'tools', { requestOptions: session.requestOptions() });
    const listed = outcome.items.filter((t) => toolAllowed(spec, t.name));
    return {
      tools: listed,
      malformed: outcome.malformed,
      samples:
        opts.sampleCalls && selected(selection, SAMPLE_RULE) ? await sampleStructuredOutput(session, listed) : [],
    };
  });
  spinner.stop();
  const findings = [...lintTools(tools, selection, malformed), ...samples];
  const count = (s: Finding['severity']) => findings.filter((f) => f.severity === s).length;
  const summary = { error: count('error'), warning: count('warning'), info: count('info') };
  if (out.json) await out.printJson({ findings, summary });
  else if (findings.length === 0) out.info(`no findings in ${tools.length} tools of ${spec.name}`);
  else {
    const { chalk } = out;
    const colour = { error: chalk.red, warning: chalk.yellow, info: chalk.dim };
    await out.print(
      await out.table(
        [
          { header: 'SEVERITY', value: (f: Finding) => f.severity, style: (f) => colour[f.severity], priority: 3 },
          { header: 'RULE', value: (f) => f.rule, priority: 1 },
          { header: 'TOOL', value: (f) => f.tool, priority: 2 },
          { header: 'WHERE', value: (f) => f.path, wrap: true },
          { header: 'FINDING', value: (f) => f.message, wrap: true, priority: 2 },
        ],
        findings,
      ),
    );
    out.info(
      `${summary.error} errors, ${summary.warning} warnings, ${summary.info} notes in ${tools.length} tools of ${spec.name}`,
    );
  }
  if (summary.error > 0) {
    throw new McpctlError('check', `${summary.error} error-level finding${summary.error === 1 ? '' : 's'}`, {
      server: spec.name,
      hint: 'fix them in the server, or leave a rule out with --ignore ID',
    });
  }
}
