// The reporters other than JUnit, in process, on one report holding a test of every kind: the
// TAP 14 a CI reader parses, the JSON document, the live terminal list (marks, colours, words in
// a pipe) and its closing line, and the GitHub annotations and step summary. Each is checked
// line by line, as a person or a CI system reads it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chalk } from 'chalk';
import { Parser } from 'tap-parser';
import { escapeControls } from '../../src/escape.js';
import { renderTap } from '../../src/testing/report/tap.js';
import { renderJson } from '../../src/testing/report/json.js';
import { renderResultLine, renderSummary, type TerminalStyle } from '../../src/testing/report/terminal.js';
import { renderGithub, renderGithubSummary } from '../../src/testing/report/github.js';
import { runReport, type RunReport } from '../../src/testing/report/model.js';
import { result } from './results.js';
import { FILE_A, sampleReport } from './sample-report.js';

interface TapResult {
  ok: boolean;
  count: number;
  pass: number;
  fail: number;
  skip: number;
  failures: { name: string; diag?: Record<string, unknown> }[];
}

function parseTap(tap: string): Promise<TapResult> {
  return new Promise((resolve) => new Parser({ strict: true }, (x) => resolve(x as never)).end(tap));
}

test('tap: TAP 14 a strict reader counts as the run went, with a YAML block under each failure and error', async () => {
  const tap = renderTap(sampleReport());
  assert.equal(
    tap,
    [
      'TAP version 14',
      '1..6',
      '# checks/a \\#1, 100%.yaml',
      'ok 1 - lists tools',
      'ok 2 - retried',
      '  ---',
      '  at: "checks/a #1, 100%.yaml:5:5"',
      '  server: srv',
      '  step: call',
      '  flaky: true',
      '  attempts: 3',
      '  ...',
      'ok 3 - later # SKIP not yet \\# soon',
      'ok 4 - bare skip # SKIP',
      'not ok 5 - echo | says: hi\\\\',
      '  ---',
      '  at: "checks/a #1, 100%.yaml:11:5"',
      '  server: srv',
      '  step: call',
      '  failures:',
      '    - expectation: text.contains',
      '      at: "checks/a #1, 100%.yaml:14:9"',
      '      expected: hi',
      '      actual: "ho\\e[31m"',
      '      message: |-',
      '        line one',
      '        line two',
      '    - expectation: isError',
      '      expected: false',
      '      actual: true',
      '  attempts: 2',
      '  ...',
      '# b.yaml',
      'not ok 6 - down # error',
      '  ---',
      '  at: b.yaml:2:3',
      '  server: srv',
      '  step: tools',
      '  severity: error',
      '  error:',
      '    kind: connection',
      '    message: |-',
      '      server "srv" exited',
      '      with code 1',
      '    exitCode: 5',
      '  ...',
      '# coverage: server "srv": no test calls add, echo',
      '# 2 passed, 1 failed, 1 error, 2 skipped, 1 flaky',
      '',
    ].join('\n'),
  );
  const parsed = await parseTap(tap);
  assert.deepEqual([parsed.ok, parsed.count, parsed.pass, parsed.fail, parsed.skip], [false, 6, 4, 2, 2]);
  assert.deepEqual(
    parsed.failures.map((f) => f.name),
    ['echo | says: hi\\', 'down # error'],
  );
});

/** A message longer than a line: YAML must not fold it. */
const LONG = 'the value at /x was not there, and nothing else in the result says where it might have gone instead';

test('tap: a failure with nothing expected or actual says null; a run of passes only names no extra count', async () => {
  const report = runReport(
    [
      {
        file: 'c.yaml',
        results: [
          result('c.yaml', 'ok one', 'passed'),
          result('c.yaml', 'nothing', 'failed', {
            failures: [{ expectation: 'structured at /x', expected: undefined, actual: undefined, message: LONG }],
          }),
          result('c.yaml', 'a line\r\nbreak', 'error'),
        ],
      },
    ],
    0,
  );
  assert.equal(
    renderTap(report),
    [
      'TAP version 14',
      '1..3',
      '# c.yaml',
      'ok 1 - ok one',
      'not ok 2 - nothing',
      '  ---',
      '  at: c.yaml:1:1',
      '  server: srv',
      '  step: call',
      '  failures:',
      '    - expectation: structured at /x',
      '      expected: null',
      '      actual: null',
      `      message: ${LONG}`,
      '  ...',
      'not ok 3 - a line break # error',
      '  ---',
      '  at: c.yaml:1:1',
      '  server: srv',
      '  step: call',
      '  severity: error',
      '  error: null',
      '  ...',
      '# 1 passed, 1 failed, 1 error',
      '',
    ].join('\n'),
  );
  const passing = runReport([{ file: 'd.yaml', results: [result('d.yaml', 'fine', 'passed')] }], 0);
  assert.equal(renderTap(passing), 'TAP version 14\n1..1\n# d.yaml\nok 1 - fine\n# 1 passed, 0 failed\n');
  assert.equal((await parseTap(renderTap(passing))).ok, true);
});

test('json: the whole report as one indented document, ending in a newline', () => {
  const report = sampleReport();
  const text = renderJson(report);
  assert.deepEqual(JSON.parse(text), report);
  assert.ok(text.startsWith('{\n  "files": [\n    {\n      "file": "checks/a #1, 100%.yaml",\n'), text);
  assert.ok(text.endsWith('\n  "durationMs": 1234\n}\n'), text);
});

const plain = new Chalk({ level: 0 });
const colour = new Chalk({ level: 1 });

function lines(report: RunReport, style: TerminalStyle): string {
  return report.files.flatMap((f) => f.results.map((r) => renderResultLine(r, style))).join('');
}

test('terminal in a pipe: a word for each test, expected vs actual under each failure, the error under a test that could not run', () => {
  const style = { tty: false, chalk: plain, safe: (s: string) => s };
  const report = sampleReport();
  assert.equal(
    lines(report, style),
    [
      'ok   lists tools (srv)',
      'ok   retried (srv) flaky: passed on attempt 3',
      'skip later (srv) skipped: not yet # soon',
      'skip bare skip (srv) skipped',
      'FAIL echo | says: hi\\ (srv) (2 attempts)',
      `    at ${FILE_A}:11:5`,
      '    text.contains',
      '      expected: "hi"',
      '      actual:   "ho\\u001b[31m"',
      '      line one',
      '      line two',
      '    isError',
      '      expected: false',
      '      actual:   true',
      'ERR  down (srv)',
      '    at b.yaml:2:3',
      '    connection error (the test could not run)',
      '      server "srv" exited',
      '      with code 1',
      '',
    ].join('\n'),
  );
  assert.equal(
    renderSummary(report, style),
    '\ncoverage: server "srv": no test calls add, echo\n2 passed, 1 failed, 2 skipped, 1 error, 1 flaky\n',
  );
  assert.equal(renderResultLine(result('k.yaml', 'k', 'failed'), style), 'FAIL k (srv)\n    at k.yaml:1:1\n');
  const passing = runReport([{ file: 'k.yaml', results: [result('k.yaml', 'k', 'passed')] }], 0);
  assert.equal(renderSummary(passing, style), '\n1 passed, 0 failed\n');
});

test('terminal: marks and colours, server text made safe; the summary colours only what is not zero', () => {
  const style = { tty: true, chalk: colour, safe: escapeControls };
  const report = sampleReport();
  const [passed, flaky, skipped, , failed] = report.files[0]!.results;
  const dim = (s: string) => colour.dim(s);
  assert.equal(renderResultLine(passed!, style), `${colour.green('✓')} lists tools${dim(' (srv)')}\n`);
  assert.equal(
    renderResultLine(flaky!, style),
    `${colour.green('✓')} retried${dim(' (srv)')}${colour.yellow(' flaky: passed on attempt 3')}\n`,
  );
  assert.equal(
    renderResultLine(skipped!, style),
    `${colour.yellow('-')} later${dim(' (srv)')}${dim(' skipped: not yet # soon')}\n`,
  );
  const shown = renderResultLine(
    { ...failed!, failures: [{ ...failed!.failures[0]!, message: 'bad \u001b[2J news' }] },
    style,
  );
  assert.equal(
    shown,
    [
      `${colour.red('✗')} echo | says: hi\\${dim(' (srv)')}${dim(' (2 attempts)')}`,
      dim(`    at ${FILE_A}:11:5`),
      `    ${colour.bold('text.contains')}`,
      `      expected: ${colour.green('"hi"')}`,
      `      actual:   ${colour.red('"ho\\u001b[31m"')}`,
      `      ${dim(escapeControls('bad \u001b[2J news'))}`,
      '',
    ].join('\n'),
  );
  assert.ok(!shown.includes('\u001b[2J'), 'no control sequence from the server reaches the terminal');
  const error = renderResultLine(
    { ...report.files[1]!.results[0]!, error: { kind: 'timeout', message: 'a\u0007b', exitCode: 4 } },
    style,
  );
  assert.equal(
    error,
    `${colour.red('!')} down${dim(' (srv)')}\n${dim('    at b.yaml:2:3')}\n    ${colour.bold('timeout error')} (the test could not run)\n      ${dim(escapeControls('a\u0007b'))}\n`,
  );
  const unknown = renderResultLine(result('e.yaml', 'e', 'error'), { ...style, chalk: plain });
  assert.equal(unknown, '! e (srv)\n    at e.yaml:1:1\n    unknown error (the test could not run)\n      \n');

  assert.equal(
    renderSummary(report, style),
    `\n${colour.red('coverage: server "srv": no test calls add, echo')}\n${[
      colour.green('2 passed'),
      colour.red('1 failed'),
      colour.yellow('2 skipped'),
      colour.red('1 error'),
      colour.yellow('1 flaky'),
    ].join(', ')}\n`,
  );
  const clean = runReport(
    [
      {
        file: 'f.yaml',
        results: [result('f.yaml', 'f1', 'passed'), result('f.yaml', 'f2', 'error'), result('f.yaml', 'f3', 'error')],
      },
    ],
    0,
  );
  assert.equal(renderSummary(clean, style), `\n${colour.green('1 passed')}, 0 failed, ${colour.red('2 errors')}\n`);
});

test('github: an error annotation at the failed expectation (or the test), a warning per flaky pass, one per coverage gap', () => {
  assert.equal(
    renderGithub(sampleReport()),
    [
      '::error file=checks/a #1%2C 100%25.yaml,line=14,col=9,title=failed%3A echo | says%3A hi\\::text.contains: expected "hi", actual "ho\\u001b[31m"%0AisError',
      '::error file=b.yaml,line=2,col=3,title=could not run%3A down::connection error: server "srv" exited%0Awith code 1',
      '::warning file=checks/a #1%2C 100%25.yaml,title=flaky%3A retried::passed on attempt 3',
      '::error title=coverage::coverage: server "srv": no test calls add, echo',
      '',
    ].join('\n'),
  );
});

test('github: a position that is no file:line:col names the file alone; CR, LF and % in data are escaped; all passing is silent', () => {
  const report = runReport(
    [
      {
        file: 'g.yaml',
        results: [
          result('g.yaml', 'g1', 'failed', {
            at: 'stdin',
            failures: [
              { expectation: 'text.equals', expected: '100%', actual: 'a\r\nb' },
              { expectation: 'isError', expected: false, actual: true, at: 'g.yaml:9:1' },
            ],
          }),
        ],
      },
    ],
    0,
  );
  assert.equal(
    renderGithub(report),
    '::error file=stdin,title=failed%3A g1::text.equals: expected "100%25", actual "a\\r\\nb"%0AisError (g.yaml:9:1)\n',
  );
  const message = { kind: 'timeout', message: '50% done\r\nthen stopped', exitCode: 4 };
  const timedOut = result('h.yaml', 'h', 'error', { error: message, at: 'h.yaml:10:12' });
  assert.equal(
    renderGithub(runReport([{ file: 'h.yaml', results: [timedOut] }], 0)),
    '::error file=h.yaml,line=10,col=12,title=could not run%3A h::timeout error: 50%25 done%0D%0Athen stopped\n',
  );
  const quiet = runReport([{ file: 'i.yaml', results: [result('i.yaml', 'i', 'passed')] }], 0, [
    { server: 'srv', uncalled: [] },
  ]);
  assert.equal(renderGithub(quiet), '');
});

test('github summary: the counts, a table of what failed (cells escaped), the coverage gaps', () => {
  assert.equal(
    renderGithubSummary(sampleReport()),
    [
      '## mcpctl test',
      '',
      '2 passed, 1 failed, 2 skipped, 1 error, 1 flaky (6 tests)',
      '',
      '| test | server | where | what |',
      '| --- | --- | --- | --- |',
      '| echo \\| says: hi\\ | srv | checks/a #1, 100%.yaml:14:9 | text.contains: expected "hi", actual "ho\\u001b[31m" |',
      '| down | srv | b.yaml:2:3 | connection error: server "srv" exited with code 1 |',
      '',
      '- coverage: server "srv": no test calls add, echo',
      '',
    ].join('\n'),
  );
  const quiet = runReport([{ file: 'i.yaml', results: [result('i.yaml', 'i', 'passed')] }], 0);
  assert.equal(renderGithubSummary(quiet), '## mcpctl test\n\n1 passed, 0 failed, 0 skipped (1 tests)\n\n');
  const failed = runReport(
    [{ file: 'j.yaml', results: [result('j.yaml', 'j', 'failed', { error: undefined, at: 'j.yaml:4:2' })] }],
    0,
  );
  assert.match(renderGithubSummary(failed), /\n\| j \| srv \| j\.yaml:4:2 \| failed \|\n\n$/);
});
