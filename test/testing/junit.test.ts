// The junit reporter in process: the counts of each <testsuite> are its own file's (not the
// totals, not another file's), failures carry expected vs actual, skips their reason, and text
// that XML cannot carry is escaped.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderJunit, xmlText } from '../../src/testing/report/junit.js';
import { runReport, shownValue } from '../../src/testing/report/model.js';
import { result } from './results.js';
import { sampleReport } from './sample-report.js';

const failure = { expectation: 'text', expected: 'hi', actual: 'ho', message: 'differs' };

/** The attributes of each <testsuite> element, by suite name. */
function suites(xml: string): Record<string, Record<string, string>> {
  const found: Record<string, Record<string, string>> = {};
  for (const [, attrs] of xml.matchAll(/<testsuite (.*?)>/g)) {
    const pairs = Object.fromEntries([...attrs!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]));
    found[pairs.name!] = pairs;
  }
  return found;
}

test('each testsuite counts its own tests, failures and skips; the root counts tests and failures of all', () => {
  const report = runReport(
    [
      {
        file: 'a.yaml',
        results: [
          result('a.yaml', 'a1', 'failed', { failures: [failure] }),
          result('a.yaml', 'a2', 'failed', { failures: [failure] }),
          result('a.yaml', 'a3', 'passed'),
          result('a.yaml', 'a4', 'skipped', { skipReason: 'not yet' }),
        ],
      },
      {
        file: 'b.yaml',
        results: [
          result('b.yaml', 'b1', 'skipped'),
          result('b.yaml', 'b2', 'skipped', { skipReason: 'later' }),
          result('b.yaml', 'b3', 'skipped', { skipReason: 'later' }),
        ],
      },
    ],
    1500,
  );
  const xml = renderJunit(report);
  const found = suites(xml);
  assert.deepEqual(
    Object.entries(found).map(([name, a]) => [name, a.tests, a.failures, a.errors, a.skipped, a.time]),
    [
      ['a.yaml', '4', '2', '0', '1', '1.000'],
      ['b.yaml', '3', '0', '0', '3', '0.750'],
    ],
  );
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mcpctl test" tests="7" failures="2" errors="0" time="1.500">\n/,
  );
  assert.ok(xml.endsWith('  </testsuite>\n</testsuites>\n'));
  assert.match(xml, /<testcase name="a3" classname="a\.yaml\.srv" time="0\.250"\/>/);
  assert.match(
    xml,
    /<testcase name="b1" classname="b\.yaml\.srv" time="0\.250">\n {6}<skipped message="skipped"\/>\n {4}<\/testcase>/,
  );
  assert.match(xml, /<skipped message="not yet"\/>/);
  assert.match(
    xml,
    /<failure message="text: expected &quot;hi&quot;, actual &quot;ho&quot;" type="text">at a\.yaml:1:1 \(server srv, step call\)\ntext\n {2}expected: &quot;hi&quot;\n {2}actual: {3}&quot;ho&quot;\n {2}differs<\/failure>/,
  );
});

test('a failure without details still says it failed', () => {
  const xml = renderJunit(runReport([{ file: 'c.yaml', results: [result('c.yaml', 'c1', 'failed')] }], 0));
  assert.match(xml, /<failure message="failed" type="failure">at c\.yaml:1:1 \(server srv, step call\)<\/failure>/);
});

test('xmlText: markup escaped, characters XML cannot carry shown as \\uXXXX', () => {
  assert.equal(xmlText('a<b>&"c"'), 'a&lt;b&gt;&amp;&quot;c&quot;');
  assert.equal(xmlText('x\u0000y\u001bz\uFFFE\t\n\r'), 'x\\u0000y\\u001bz\\ufffe\t\n\r');
});

test('a failure without a message adds no line for it; the summary counts passed tests', () => {
  const report = runReport(
    [
      {
        file: 'd.yaml',
        results: [
          result('d.yaml', 'd1', 'failed', { failures: [{ expectation: 'exit', expected: 0, actual: 3 }] }),
          result('d.yaml', 'd2', 'passed'),
          result('d.yaml', 'd3', 'passed'),
        ],
      },
    ],
    0,
  );
  assert.deepEqual(report.summary, { total: 3, passed: 2, failed: 1, errors: 0, skipped: 0, flaky: 0 });
  assert.match(renderJunit(report), /\n {2}actual: {3}3<\/failure>/);
});

test('values as reports show them: strings quoted, nothing said so, long ones cut at 2000 characters', () => {
  assert.equal(shownValue('hi'), '"hi"');
  assert.equal(shownValue({ a: [1] }), '{"a":[1]}');
  assert.equal(shownValue(undefined), '(nothing)');
  assert.equal(shownValue(null), 'null');
  const exact = 'x'.repeat(1998); // 2000 characters as JSON, quotes included
  assert.equal(shownValue(exact), JSON.stringify(exact));
  const long = 'y'.repeat(2500);
  assert.equal(shownValue(long), `${JSON.stringify(long).slice(0, 2000)}… (2502 characters)`);
});

test('a test of every kind: flaky passes, skips, failures with their positions, errors, and the coverage gaps in the last suite', () => {
  assert.equal(
    renderJunit(sampleReport()),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="mcpctl test" tests="6" failures="1" errors="1" time="1.234">',
      '  <testsuite name="checks/a #1, 100%.yaml" tests="5" failures="1" errors="0" skipped="2" time="1.012">',
      '    <testcase name="lists tools" classname="checks/a #1, 100%.yaml.srv" time="0.012"/>',
      '    <testcase name="retried" classname="checks/a #1, 100%.yaml.srv" time="0.250">',
      '      <flakyFailure message="passed on attempt 3, after 2 failed" type="flaky"/>',
      '    </testcase>',
      '    <testcase name="later" classname="checks/a #1, 100%.yaml.srv" time="0.250">',
      '      <skipped message="not yet # soon"/>',
      '    </testcase>',
      '    <testcase name="bare skip" classname="checks/a #1, 100%.yaml.srv" time="0.250">',
      '      <skipped message="skipped"/>',
      '    </testcase>',
      '    <testcase name="echo | says: hi\\" classname="checks/a #1, 100%.yaml.srv" time="0.250">',
      '      <failure message="text.contains: expected &quot;hi&quot;, actual &quot;ho\\u001b[31m&quot;" type="text.contains">at checks/a #1, 100%.yaml:11:5 (server srv, step call)',
      'text.contains (checks/a #1, 100%.yaml:14:9)',
      '  expected: &quot;hi&quot;',
      '  actual:   &quot;ho\\u001b[31m&quot;',
      '  line one',
      'line two',
      'isError',
      '  expected: false',
      '  actual:   true</failure>',
      '    </testcase>',
      '  </testsuite>',
      '  <testsuite name="b.yaml" tests="1" failures="0" errors="1" skipped="0" time="0.250">',
      '    <testcase name="down" classname="b.yaml.srv" time="0.250">',
      '      <error message="connection error: server &quot;srv&quot; exited',
      'with code 1" type="connection">at b.yaml:2:3 (server srv, step tools)',
      'server &quot;srv&quot; exited',
      'with code 1</error>',
      '    </testcase>',
      '    <system-out>coverage: server &quot;srv&quot;: no test calls add, echo</system-out>',
      '  </testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  );
  const bare = renderJunit(runReport([{ file: 'e.yaml', results: [result('e.yaml', 'e', 'error')] }], 0, []));
  assert.match(bare, /<error message="failed" type="error">at e\.yaml:1:1 \(server srv, step call\)\n<\/error>/);
  assert.ok(!bare.includes('system-out'), 'no gap, no output');
});

test('the run totals, and coverage gaps told once, in the last of three suites, one line a server', () => {
  assert.deepEqual(sampleReport().summary, { total: 6, passed: 2, failed: 1, errors: 1, skipped: 2, flaky: 1 });
  const files = ['x.yaml', 'y.yaml', 'z.yaml'].map((file) => ({ file, results: [result(file, 't', 'passed')] }));
  const xml = renderJunit(
    runReport(files, 0, [
      { server: 'a', uncalled: ['one'] },
      { server: 'b', uncalled: ['two', 'three'] },
    ]),
  );
  assert.equal(xml.split('<system-out>').length, 2, 'told once');
  assert.ok(
    xml.endsWith(
      '    <system-out>coverage: server &quot;a&quot;: no test calls one\ncoverage: server &quot;b&quot;: no test calls two, three</system-out>\n  </testsuite>\n</testsuites>\n',
    ),
    xml,
  );
});
