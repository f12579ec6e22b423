// The terminal reporter: a line per test as it finishes (✓ passed, ✗ failed, - skipped), each
// failure's expectation with expected vs actual beneath it, and a closing `N passed, M failed`.
// In a pipe the marks are words (ok / FAIL / skip) and there is no colour.

import type { ChalkInstance } from 'chalk';
import type { TestResult } from '../run.js';
import { shownValue, type RunReport } from './model.js';

export interface TerminalStyle {
  tty: boolean;
  chalk: ChalkInstance;
  /** Makes server text safe to print on a terminal. */
  safe: (text: string) => string;
}

export function renderResultLine(r: TestResult, style: TerminalStyle): string {
  const { chalk, tty, safe } = style;
  const where = chalk.dim(` (${r.server})`);
  if (r.status === 'passed') return `${tty ? chalk.green('✓') : 'ok  '} ${r.name}${where}\n`;
  if (r.status === 'skipped')
    return `${tty ? chalk.yellow('-') : 'skip'} ${r.name}${where}${chalk.dim(` skipped: ${r.skipReason ?? ''}`)}\n`;
  const lines = [`${tty ? chalk.red('✗') : 'FAIL'} ${r.name}${where}`, chalk.dim(`    at ${r.at}`)];
  for (const f of r.failures) {
    lines.push(`    ${chalk.bold(f.expectation)}`);
    lines.push(`      expected: ${chalk.green(safe(shownValue(f.expected)))}`);
    lines.push(`      actual:   ${chalk.red(safe(shownValue(f.actual)))}`);
    if (f.message)
      lines.push(
        ...safe(f.message)
          .split('\n')
          .map((l) => `      ${chalk.dim(l)}`),
      );
  }
  return `${lines.join('\n')}\n`;
}

export function renderSummary(report: RunReport, style: TerminalStyle): string {
  const { passed, failed, skipped } = report.summary;
  const { chalk } = style;
  const parts = [chalk.green(`${passed} passed`), failed ? chalk.red(`${failed} failed`) : `${failed} failed`];
  if (skipped) parts.push(chalk.yellow(`${skipped} skipped`));
  return `\n${parts.join(', ')}\n`;
}
