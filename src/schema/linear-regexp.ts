// The one engine for regular expressions that come from a server (schema `pattern`,
// `patternProperties`) or run on what a server sent (a test file's `matches`): RE2 semantics through re2js, whose matching time is linear in the input,
// so no pattern can block the event loop (`^(a|a)*$` on 48 a's and a b: 2^48 steps in V8's
// backtracking engine, microseconds here) and --timeout and SIGTERM always get their turn.
// re2js, not re2-wasm: pure JavaScript that imports in a few milliseconds, where the WebAssembly
// build took 50–110 ms to load and compile on this project's machines (docs/ARCHITECTURE.md).
// Even those milliseconds are paid only by a run that meets a pattern: its CommonJS build is
// required on first use.

import { createRequire } from 'node:module';

type Engine = typeof import('re2js')['RE2JS'];
let engine: Engine | undefined;

function re2(): Engine {
  engine ??= (createRequire(import.meta.url)('re2js') as typeof import('re2js')).RE2JS;
  return engine;
}

export interface LinearRegExp {
  test(text: string): boolean;
}

export type PatternVerdict =
  | { kind: 'ok'; regexp: LinearRegExp }
  /** Valid ECMAScript that RE2 cannot express (lookaround, backreferences): never enforced. */
  | { kind: 'unsupported'; reason: string }
  /** Not a regular expression at all: the schema is invalid. */
  | { kind: 'invalid'; reason: string };

const cache = new Map<string, PatternVerdict>();

/** A named backreference `\k<name>`, outside or inside a class: re2js's translation would drop its backslash. */
function hasNamedBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] !== '\\') continue;
    if (pattern[i + 1] === 'k') return true;
    i++; // the escaped character is not itself an escape
  }
  return false;
}

function judge(pattern: string): PatternVerdict {
  try {
    // Compiling with V8 only checks the syntax (JSON Schema patterns are ECMA-262 with the u
    // flag); nothing is matched, so nothing can backtrack.
    new RegExp(pattern, 'u');
  } catch (err) {
    return { kind: 'invalid', reason: err instanceof Error ? err.message : String(err) };
  }
  if (hasNamedBackreference(pattern)) return { kind: 'unsupported', reason: 'a backreference' };
  try {
    const RE2JS = re2();
    const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return { kind: 'ok', regexp: { test: (text) => compiled.matcher(text).find() } };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/`\(\?<?[=!]/.test(message)) return { kind: 'unsupported', reason: 'a lookaround' };
    if (/`\\[1-9]/.test(message)) return { kind: 'unsupported', reason: 'a backreference' };
    return { kind: 'unsupported', reason: message };
  }
}

/** What the linear engine makes of `pattern`, compiled once per process. */
export function linearPattern(pattern: string): PatternVerdict {
  let verdict = cache.get(pattern);
  if (verdict === undefined) {
    verdict = judge(pattern);
    cache.set(pattern, verdict);
  }
  return verdict;
}

/** True when `text` matches `pattern`; false for a pattern the engine cannot run or that is invalid. */
export function patternTest(pattern: string, text: string): boolean {
  const verdict = linearPattern(pattern);
  return verdict.kind === 'ok' && verdict.regexp.test(text);
}

/** Why `pattern` cannot be used, or undefined when it can. */
export function patternProblem(pattern: string): string | undefined {
  const verdict = linearPattern(pattern);
  if (verdict.kind === 'ok') return undefined;
  return verdict.kind === 'invalid'
    ? `is not a regular expression (${verdict.reason.replace(/^Invalid regular expression: /, '')})`
    : `uses ${verdict.reason}, which the linear-time engine (RE2) cannot run: write it without`;
}
