// The expectations of a test checked against a step's outcome. Each failed one becomes a
// Failure naming the expectation, what was expected and what actually came back.

import { isDeepStrictEqual } from 'node:util';
import type { Tool } from '@modelcontextprotocol/client';
import { compileSchema } from '../schema/compile.js';
import { patternProblem, patternTest } from '../schema/linear-regexp.js';
import { explainErrors, pointerMessage } from '../schema/messages.js';
import type { JsonSchema } from '../schema/navigate.js';
import { validateStructuredContent } from '../args/output.js';
import type { Expectations, Step, StepCase, StructuredMatch } from './load.js';
import type { StepOutcome } from './steps.js';
import { lookup } from './path.js';

export interface Failure {
  /** Which expectation: `text.contains`, `structured[0].equals`, `isError`, … */
  expectation: string;
  expected: unknown;
  actual: unknown;
  /** More about why, when the values alone do not say it. */
  message?: string;
  /** `file:line:col` of the expectation in the test file. */
  at?: string;
}

/** Checks that need more than the step's own result (a snapshot to compare with). */
export interface ExtraChecks {
  /** tools.snapshot: the breaking changes against the snapshot, as lines. */
  breaking?: string[];
}

export function check(
  test: Pick<StepCase, 'step' | 'expect'>,
  outcome: StepOutcome,
  extra: ExtraChecks = {},
): Failure[] {
  const expect = test.expect;
  const failures: Failure[] = [];
  const result = outcome.value as Record<string, unknown> | undefined;
  const isError = test.step.kind === 'call' && result?.isError === true;

  if (expect.error !== undefined) {
    const actual = outcome.error?.kind ?? (isError ? 'tool' : 'none');
    if (actual !== expect.error)
      failures.push({
        expectation: 'error',
        expected: expect.error,
        actual,
        message: outcome.error?.message ?? (isError ? textOf(test.step, result) : undefined),
      });
    if (outcome.error || failures.length) return failures;
  } else if (outcome.error) {
    return [{ expectation: 'error', expected: 'none', actual: outcome.error.kind, message: outcome.error.message }];
  }
  if (result === undefined) return failures;

  if (test.step.kind === 'call') {
    const wanted = expect.isError ?? expect.error === 'tool';
    if (isError !== wanted)
      failures.push({
        expectation: 'isError',
        expected: wanted,
        actual: isError,
        ...(isError ? { message: textOf(test.step, result) } : {}),
      });
  }
  if (expect.text) failures.push(...checkText(expect.text, textOf(test.step, result)));
  if (expect.structured) {
    const subject = test.step.kind === 'call' ? result.structuredContent : result;
    expect.structured.forEach((m, i) =>
      failures.push(
        ...checkStructured(m, subject, expect.structured!.length === 1 ? 'structured' : `structured[${i}]`),
      ),
    );
  }
  if (expect.content) failures.push(...checkContent(expect.content, contentTypes(test.step, result)));
  if (expect.latencyMs && outcome.latencyMs > expect.latencyMs.max)
    failures.push({
      expectation: 'latencyMs.max',
      expected: `at most ${expect.latencyMs.max}`,
      actual: outcome.latencyMs,
    });
  if (expect.outputSchema !== undefined && outcome.tool)
    failures.push(...checkOutputSchema(expect.outputSchema, result, outcome.tool));
  if (expect.tools) failures.push(...checkTools(expect.tools, (result.tools ?? []) as Tool[], extra.breaking));
  return failures;
}

/** The text of a result, one part per line: what `text` expectations read. */
export function textOf(step: Step, result: Record<string, unknown> | undefined): string {
  if (result === undefined) return '';
  const texts = (items: unknown): string[] =>
    (Array.isArray(items) ? items : []).flatMap((b) =>
      b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string'
        ? [(b as { text: string }).text]
        : [],
    );
  switch (step.kind) {
    case 'call':
      return texts(result.content).join('\n');
    case 'read':
      return texts(result.contents).join('\n');
    case 'prompt':
      return texts(
        (Array.isArray(result.messages) ? result.messages : []).map((m: { content?: unknown }) => m.content),
      ).join('\n');
    case 'complete':
      return ((result.completion as { values?: string[] } | undefined)?.values ?? []).join('\n');
    default:
      return JSON.stringify(result);
  }
}

function contentTypes(step: Step, result: Record<string, unknown>): string[] {
  const typeOf = (b: unknown) => String((b as { type?: unknown } | null)?.type ?? '');
  switch (step.kind) {
    case 'read':
      return (Array.isArray(result.contents) ? result.contents : []).map((c: Record<string, unknown>) =>
        typeof c.blob === 'string' ? 'blob' : 'text',
      );
    case 'prompt':
      return (Array.isArray(result.messages) ? result.messages : []).map((m: { content?: unknown }) =>
        typeOf(m.content),
      );
    default:
      return (Array.isArray(result.content) ? result.content : []).map(typeOf);
  }
}

function checkText(match: NonNullable<Expectations['text']>, text: string): Failure[] {
  const failures: Failure[] = [];
  if (match.equals !== undefined && text !== match.equals)
    failures.push({ expectation: 'text.equals', expected: match.equals, actual: text });
  if (match.contains !== undefined && !text.includes(match.contains))
    failures.push({ expectation: 'text.contains', expected: match.contains, actual: text });
  if (match.matches !== undefined) failures.push(...matchFailures('text.matches', match.matches, text));
  return failures;
}

/**
 * `matches` runs on the linear engine: the text is the server's, and `^Echo: (a|a)*$` on thirty
 * a's held V8's backtracking engine past --timeout and SIGTERM. The loader has refused a pattern
 * the engine cannot run; one a captured value made so fails here, saying why.
 */
function matchFailures(expectation: string, pattern: string, actual: unknown): Failure[] {
  const problem = patternProblem(pattern);
  if (problem !== undefined)
    return [{ expectation, expected: `/${pattern}/`, actual, message: `the pattern ${problem}` }];
  return typeof actual === 'string' && patternTest(pattern, actual)
    ? []
    : [{ expectation, expected: `/${pattern}/`, actual }];
}

function checkStructured(match: StructuredMatch, subject: unknown, label: string): Failure[] {
  const failures: Failure[] = [];
  const path = match.path ?? '';
  const found = lookup(subject, path);
  const at = path === '' ? label : `${label} at ${path}`;
  if (match.exists !== undefined && found.exists !== match.exists) {
    failures.push({ expectation: `${at}: exists`, expected: match.exists, actual: found.exists });
    return failures;
  }
  if (!found.exists && (match.equals !== undefined || match.matches !== undefined || match.schema !== undefined)) {
    return [
      {
        expectation: at,
        expected: match.equals ?? match.matches ?? 'a value',
        actual: undefined,
        message: subject === undefined ? 'the result has no structuredContent' : `nothing at ${path}`,
      },
    ];
  }
  if (match.equals !== undefined && !isDeepStrictEqual(found.value, match.equals))
    failures.push({ expectation: `${at}: equals`, expected: match.equals, actual: found.value });
  if (match.matches !== undefined) failures.push(...matchFailures(`${at}: matches`, match.matches, found.value));
  if (match.schema !== undefined) {
    const problems = schemaProblems(match.schema as JsonSchema, found.value);
    if (problems.length)
      failures.push({
        expectation: `${at}: schema`,
        expected: 'valid against the schema',
        actual: found.value,
        message: problems.join('; '),
      });
  }
  return failures;
}

function checkContent(match: NonNullable<Expectations['content']>, types: string[]): Failure[] {
  const failures: Failure[] = [];
  if (match.count !== undefined && types.length !== match.count)
    failures.push({ expectation: 'content.count', expected: match.count, actual: types.length });
  if (match.minCount !== undefined && types.length < match.minCount)
    failures.push({ expectation: 'content.minCount', expected: `at least ${match.minCount}`, actual: types.length });
  if (match.maxCount !== undefined && types.length > match.maxCount)
    failures.push({ expectation: 'content.maxCount', expected: `at most ${match.maxCount}`, actual: types.length });
  if (match.types !== undefined && !isDeepStrictEqual(types, match.types))
    failures.push({ expectation: 'content.types', expected: match.types, actual: types });
  const missing = (match.includes ?? []).filter((t) => !types.includes(t));
  if (missing.length)
    failures.push({
      expectation: 'content.includes',
      expected: match.includes,
      actual: types,
      message: `missing ${missing.join(', ')}`,
    });
  return failures;
}

function checkOutputSchema(wanted: boolean, result: Record<string, unknown>, tool: Tool): Failure[] {
  let problem: string | undefined;
  if (tool.outputSchema === undefined) problem = `tool "${tool.name}" declares no outputSchema`;
  else {
    try {
      validateStructuredContent(result, tool);
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
  }
  const valid = problem === undefined;
  if (valid === wanted) return [];
  return [
    {
      expectation: 'outputSchema',
      expected: wanted
        ? 'structuredContent valid against the outputSchema'
        : 'structuredContent not valid against the outputSchema',
      actual: result.structuredContent,
      ...(problem ? { message: problem } : {}),
    },
  ];
}

function checkTools(
  match: NonNullable<Expectations['tools']>,
  tools: Tool[],
  breaking: string[] | undefined,
): Failure[] {
  const names = tools.map((t) => t.name);
  const failures: Failure[] = [];
  const missing = (match.present ?? []).filter((n) => !names.includes(n));
  if (missing.length)
    failures.push({
      expectation: 'tools.present',
      expected: match.present,
      actual: names,
      message: `missing ${missing.join(', ')}`,
    });
  const there = (match.absent ?? []).filter((n) => names.includes(n));
  if (there.length)
    failures.push({
      expectation: 'tools.absent',
      expected: match.absent,
      actual: names,
      message: `present: ${there.join(', ')}`,
    });
  if (match.minCount !== undefined && names.length < match.minCount)
    failures.push({ expectation: 'tools.minCount', expected: `at least ${match.minCount}`, actual: names.length });
  if (match.maxCount !== undefined && names.length > match.maxCount)
    failures.push({ expectation: 'tools.maxCount', expected: `at most ${match.maxCount}`, actual: names.length });
  for (const [name, schema] of Object.entries(match.schemas ?? {})) {
    const tool = tools.find((t) => t.name === name);
    if (!tool) {
      failures.push({ expectation: `tools.schemas.${name}`, expected: 'a tool of that name', actual: names });
      continue;
    }
    const problems = schemaProblems(schema as JsonSchema, tool);
    if (problems.length)
      failures.push({
        expectation: `tools.schemas.${name}`,
        expected: 'the tool valid against the schema',
        actual: tool,
        message: problems.join('; '),
      });
  }
  if (breaking?.length)
    failures.push({
      expectation: 'tools.snapshot',
      expected: `no breaking change against ${match.snapshot}`,
      actual: breaking,
    });
  return failures;
}

/** Why `value` is not valid against `schema` (empty when it is). */
function schemaProblems(schema: JsonSchema, value: unknown): string[] {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return [`the schema in the test file does not compile: ${compiled.reason}`];
  const outcome = compiled.check(value);
  return outcome.valid ? [] : explainErrors(outcome.errors, schema).map(pointerMessage);
}
