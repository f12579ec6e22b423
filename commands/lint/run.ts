// `mcpctl lint SERVER`: portability and quality rules for a server's tools, each finding with
// its rule, severity and JSON path, as rows, JSON or a SARIF log; exit 8 on a finding at or
// above --fail-on (error by default), or on more warnings than --max-warnings.

import type { Deps } from '../common/deps.js';
import { type Outcome, SUCCESS } from '../common/outcome.js';
import type { LintFailOn, LintOptions } from './command.js';
import { McpctlError, usageError } from '../../src/errors.js';
import { didYouMean } from '../../src/suggest.js';
import { type Finding, lintTools, SHAPE_RULE, selected } from '../../src/lint/lint.js';
import { RULES } from '../../src/lint/rules.js';
import { SAMPLE_RULE, SAMPLE_RULE_INFO, sampleStructuredOutput } from '../../src/lint/sample.js';
import { locateServer, sarifLog } from '../../src/lint/sarif.js';
import { toolAllowed } from '../../src/mcp/requests/filters.js';
import { VERSION } from '../../src/version.js';

const RULE_INFO = [SHAPE_RULE, ...RULES, SAMPLE_RULE_INFO];
const RULE_IDS = RULE_INFO.map((r) => r.id);
const RANK: Record<Finding['severity'], number> = { info: 0, warning: 1, error: 2 };

export async function runLint(deps: Deps, opts: LintOptions): Promise<Outcome> {
  const { out } = deps;
  const selection = { only: opts.rules ?? [], ignore: opts.ignore ?? [] };
  for (const [flag, ids] of [
    ['--rule', selection.only],
    ['--ignore', selection.ignore],
  ] as const) {
    for (const id of ids)
      if (!RULE_IDS.includes(id))
        throw usageError(`${flag} ${id}: no such rule${didYouMean(id, RULE_IDS)}`, {
          hint: `the rules: ${RULE_IDS.join(', ')}`,
        });
  }
  const spec = await deps.servers.resolve(opts.server);
  const spinner = await out.startSpinner(`linting the tools of ${spec.name}`);
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
  if (opts.format === 'sarif') {
    const ran = RULE_INFO.filter((r) => selected(selection, r.id) && (r.id !== SAMPLE_RULE || opts.sampleCalls));
    const where = await locateServer(spec.source, spec.name, deps.ctx.cwd);
    await out.printJson(sarifLog(findings, ran, { version: VERSION, server: spec.name }, where));
  } else if (out.json || opts.format === 'json') await out.printJson({ findings, summary });
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
  const failure = verdict(findings, opts.failOn, opts.maxWarnings);
  if (failure)
    throw new McpctlError('check', failure, {
      server: spec.name,
      hint: 'fix them in the server, or leave a rule out with --ignore ID',
    });
  return SUCCESS;
}

/** Why the findings fail the run, or undefined when they do not. */
function verdict(findings: readonly Finding[], failOn: LintFailOn, maxWarnings?: number): string | undefined {
  const failing = findings.filter((f) => RANK[f.severity] >= RANK[failOn]).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (failing > 0)
    return failOn === 'error'
      ? `${plural(failing, 'error-level finding')}`
      : `${plural(failing, 'finding')} at ${failOn} level or above (--fail-on ${failOn})`;
  const warnings = findings.filter((f) => f.severity === 'warning').length;
  if (maxWarnings !== undefined && warnings > maxWarnings)
    return `${plural(warnings, 'warning')}, more than --max-warnings ${maxWarnings} allows`;
  return undefined;
}
