// `mcpctl lint SERVER`: portability and quality rules for a server's tools, each finding with
// its rule, severity and JSON path; exit 8 on any error-level finding.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { LintOptions } from './command.js';
import { McpctlError, usageError } from '../../src/errors.js';
import { didYouMean } from '../../src/suggest.js';
import { type Finding, lintTools, SHAPE_RULE, selected } from '../../src/lint/lint.js';
import { RULE_IDS as TOOL_RULE_IDS } from '../../src/lint/rules.js';
import { SAMPLE_RULE, sampleStructuredOutput } from '../../src/lint/sample.js';
import { toolAllowed } from '../../src/mcp/requests/filters.js';

const RULE_IDS = [SHAPE_RULE.id, ...TOOL_RULE_IDS, SAMPLE_RULE];

export async function runLint(deps: Deps, opts: LintOptions): Promise<Outcome> {
  const { out } = deps;
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
  const spec = await deps.servers.resolve(opts.server);
  const spinner = await out.startSpinner(`linting the tools of ${spec.name}`);
  const selection = { only: opts.rules, ignore: opts.ignore };
  const { tools, malformed, samples } = await deps.sessions.open(spec, async (session, mcp) => {
    const outcome = await mcp.listAll(session.client, 'tools', { requestOptions: session.requestOptions() });
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
          { header: 'TOOL', value: (f) => f.tool, id: true },
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
  return SUCCESS;
}
