// The terminal reporter: a line per test as it finishes (✓ passed, ✗ failed, - skipped), each
// failure's expectation with expected vs actual beneath it (! and the error for a test that
// could not run), and a closing `N passed, M failed`.
// In a pipe the marks are words (ok / FAIL / skip) and there is no colour.

import type { ChalkInstance } from 'chalk';
import type { TestResult } from '../run.js';
import { coverageLines, errorCount, shownValue, type RunReport } from './model.js';

export interface TerminalStyle {
  tty: boolean;
  chalk: ChalkInstance;
  /** Makes server text safe to print on a terminal. */
  safe: (text: string) => string;
}

export function renderResultLine(r: TestResult, style: TerminalStyle): string {
  const { chalk, tty, safe } = style;
  const where = chalk.dim(` (${r.server})`);
  const flaky = r.flaky ? chalk.yellow(` flaky: passed on attempt ${r.attempts}`) : '';
  if (r.status === 'passed') return `${tty ? chalk.green('✓') : 'ok  '} ${r.name}${where}${flaky}\n`;
  if (r.status === 'skipped')
    return `${tty ? chalk.yellow('-') : 'skip'} ${r.name}${where}${chalk.dim(r.skipReason ? ` skipped: ${r.skipReason}` : ' skipped')}\n`;
  if (r.status === 'error')
    return `${[
      `${tty ? chalk.red('!') : 'ERR '} ${r.name}${where}`,
      chalk.dim(`    at ${r.at}`),
      `    ${chalk.bold(`${r.error?.kind ?? 'unknown'} error`)} (the test could not run)`,
      ...safe(r.error?.message ?? '')
        .split('\n')
        .map((l) => `      ${chalk.dim(l)}`),
    ].join('\n')}\n`;
  const attempts = r.attempts ? chalk.dim(` (${r.attempts} attempts)`) : '';
  const lines = [`${tty ? chalk.red('✗') : 'FAIL'} ${r.name}${where}${attempts}`, chalk.dim(`    at ${r.at}`)];
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
  const { passed, failed, errors, skipped, flaky } = report.summary;
  const { chalk } = style;
  const parts = [chalk.green(`${passed} passed`), failed ? chalk.red(`${failed} failed`) : `${failed} failed`];
  if (skipped) parts.push(chalk.yellow(`${skipped} skipped`));
  // After the plain `N passed, N failed, N skipped` that CI log readers look for.
  if (errors) parts.push(chalk.red(errorCount(errors)));
  if (flaky) parts.push(chalk.yellow(`${flaky} flaky`));
  const gaps = coverageLines(report).map((l) => chalk.red(l));
  return `\n${[...gaps, parts.join(', ')].join('\n')}\n`;
}
