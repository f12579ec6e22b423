// Reads a test file: YAML or JSON with positions, checked against mcpctl-test.schema.json, its
// servers checked like config entries, its `${VAR}`s expanded; every problem is a config error
// (exit 2) at file:line:col. Naming the file on the command line is consent to run its servers.

import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Context } from '../io.js';
import { configError } from '../errors.js';
import { displayPath } from '../config/display-path.js';
import { readConfigFile } from '../config/read-file.js';
import type { ConfigEntry } from '../config/load.js';
import { checkEntry } from '../config/validate.js';
import { builtinVariables, expandString, type InterpolationScope } from '../config/interpolate.js';
import { formatJsonPath, type JsonSegment } from '../config/jsonc.js';
import { didYouMean } from '../suggest.js';
import { parseSource, type SourceFile } from './source.js';
import { STEP_KINDS, type StepKind } from './schema.js';
import type { RawStart } from './server-start.js';
import { patternProblem } from '../schema/linear-regexp.js';
import { pointerPath } from '../schema/pointer.js';
import { validate as generatedValidator } from '../../generated/test-file-validator.js';

export type Step =
  | { kind: 'status' }
  | { kind: 'tools' }
  | { kind: 'call'; tool: string; args: Record<string, unknown> }
  | { kind: 'read'; uri: string }
  | { kind: 'prompt'; name: string; args: Record<string, string> }
  | {
      kind: 'complete';
      ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
      argument: string;
      value: string;
      context?: Record<string, string>;
    };

export interface TextMatch {
  equals?: string;
  contains?: string;
  matches?: string;
}

export interface StructuredMatch {
  path?: string;
  equals?: unknown;
  matches?: string;
  schema?: object | boolean;
  exists?: boolean;
}

export interface Expectations {
  isError?: boolean;
  error?: string;
  text?: TextMatch;
  structured?: StructuredMatch[];
  content?: { count?: number; minCount?: number; maxCount?: number; types?: string[]; includes?: string[] };
  latencyMs?: { max: number };
  outputSchema?: boolean;
  tools?: {
    present?: string[];
    absent?: string[];
    minCount?: number;
    maxCount?: number;
    schemas?: Record<string, object | boolean>;
    snapshot?: string;
  };
}

/** One step of a test (or of a file's setup or teardown), with what it expects and captures. */
export interface StepCase {
  step: Step;
  expect: Expectations;
  /** Capture name → JSONPath (`$.structuredContent.id`) or JSON Pointer into the step's result. */
  capture: Record<string, string>;
  /** `file:line:col` of the step. */
  at: string;
  /** `file:line:col` of each expectation, by its JSON path under `expect` (`text.equals`, `structured[1]`). */
  expectAt: Record<string, string>;
}

export interface TestCase {
  /** Position in the file's list, from 0. */
  index: number;
  name: string;
  server: string;
  timeoutMs?: number;
  /** Attempts after a failed one before the test counts as failed. */
  retries?: number;
  /** Why the test is skipped (true: no reason given). */
  skip?: string | true;
  only: boolean;
  /** The steps in order (one for a test written with a single step key); the first is the test's kind. */
  steps: StepCase[];
  /** `file:line:col` of the test. */
  at: string;
  /** `file:line:col` where its server is named (the test itself when it names none). */
  serverAt: string;
}

/** A setup or teardown step of a file: run on its server's connection, before its first or after its last test. */
export interface FixtureStep extends StepCase {
  server: string;
}

export interface TestFile {
  /** Absolute. */
  file: string;
  shownAs: string;
  /** Servers the file defines, as config entries (not yet resolved). */
  servers: ConfigEntry[];
  /** By server name: how mcpctl starts a server of `servers` itself (`start` of an http/sse entry). */
  starts: Record<string, RawStart>;
  tests: TestCase[];
  setup: FixtureStep[];
  teardown: FixtureStep[];
  /** What `coverage` asks for: `tools`, every tool a server lists is called by some test. */
  coverage: 'tools'[];
  /** Unknown keys of server entries and the like, for stderr. */
  warnings: string[];
}

type RawStep = Pick<RawTest, 'expect' | 'call' | 'read' | 'prompt' | 'complete'> & {
  status?: unknown;
  tools?: unknown;
  capture?: Record<string, string>;
  server?: string;
};

interface RawTest {
  name: string;
  server?: string;
  steps?: RawStep[];
  capture?: Record<string, string>;
  timeout?: number;
  retries?: number;
  skip?: boolean | string;
  only?: boolean;
  expect?: Omit<Expectations, 'structured'> & { structured?: StructuredMatch | StructuredMatch[] };
  call?: { tool: string; args?: Record<string, unknown> };
  read?: { uri: string };
  prompt?: { name: string; args?: Record<string, string> };
  complete?: { prompt?: string; resource?: string; argument: string; value?: string; context?: Record<string, string> };
}

interface RawFile {
  servers?: Record<string, unknown>;
  coverage?: 'tools' | 'tools'[];
  setup?: RawStep[];
  teardown?: RawStep[];
  defaults?: { server?: string; timeout?: number; retries?: number };
  tests: RawTest[];
}

/** The test-file schema's validator, generated in the build (src/testing/validator-codegen.ts). */
const validateTestFile = generatedValidator as unknown as ValidateFunction;

/** Expectations that only some steps can meet. */
const APPLIES: Record<string, StepKind[]> = {
  isError: ['call'],
  outputSchema: ['call'],
  tools: ['tools'],
  content: ['call', 'read', 'prompt'],
};

export async function loadTestFile(name: string, ctx: Context): Promise<TestFile> {
  const file = path.resolve(ctx.cwd, name);
  const shownAs = displayPath(file, ctx);
  const { source, raw } = await readTestSource(file, shownAs);
  const loading: Loading = { raw, source, file, ctx, errors: [], fileServers: Object.keys(raw.servers ?? {}) };
  const warnings: string[] = [];
  const servers = fileServerEntries(loading, shownAs, warnings);
  const starts = serverStarts(loading, servers);
  const tests = raw.tests.flatMap((t, index) => loadTest(loading, t, index));
  const setup = loadFixture(loading, 'setup');
  const teardown = loadFixture(loading, 'teardown');
  const { errors } = loading;
  if (errors.length > 0) {
    throw configError(
      errors.length === 1
        ? errors[0]!
        : `${errors.length} problems in ${shownAs}:\n${errors.map((e) => `  ${e}`).join('\n')}`,
      { phase: 'config', hint: 'fix the test file (its keys are described in mcpctl-test.schema.json)' },
    );
  }
  const coverage = raw.coverage === undefined ? [] : Array.isArray(raw.coverage) ? raw.coverage : [raw.coverage];
  return { file, shownAs, servers, starts, tests, setup, teardown, coverage, warnings };
}

/** What every part of a file's loading reads, and the errors it finds (all reported together). */
interface Loading {
  raw: RawFile;
  source: SourceFile;
  file: string;
  ctx: Context;
  errors: string[];
  /** The names of the servers the file itself defines. */
  fileServers: string[];
}

/** The file read safely and parsed, its shape checked against the test-file schema. */
async function readTestSource(file: string, shownAs: string): Promise<{ source: SourceFile; raw: RawFile }> {
  // The same safe read as a config named with --config: a regular file, not oversized.
  const read = await readConfigFile(file, { shown: shownAs, checkOwner: false });
  if (read === 'missing')
    throw configError(`${shownAs}: no such test file`, { phase: 'config', hint: 'name a YAML or JSON test file' });
  const source = parseSource(read.text, shownAs);
  if (!validateTestFile(source.value))
    throw configError(problems(source, validateTestFile.errors ?? []), {
      phase: 'config',
      hint: 'the keys of a test file are described in mcpctl-test.schema.json',
    });
  return { source, raw: source.value as RawFile };
}

/** The file's own `servers`, checked like config entries. */
function fileServerEntries(loading: Loading, shownAs: string, warnings: string[]): ConfigEntry[] {
  const { raw, source, file, errors } = loading;
  const servers: ConfigEntry[] = [];
  for (const serverName of Object.keys(raw.servers ?? {})) {
    const at = ['servers', serverName];
    const node = source.treeAt(at);
    if (node === undefined) continue;
    const check = checkEntry({
      name: serverName,
      node,
      path: at,
      doc: source.parsed(file),
      shownAs,
      ownKeys: OWN_KEYS,
    });
    errors.push(...check.errors);
    warnings.push(...check.warnings);
    if (!check.entry) continue;
    const pos = source.positionOf(at);
    servers.push({
      name: serverName,
      source: file,
      scope: 'explicit',
      jsonPath: formatJsonPath(at),
      line: pos.line,
      column: pos.column,
      trust: 'named',
      raw: check.entry.raw,
      disabled: check.entry.raw.disabled === true,
      type: check.entry.type,
      locations: check.entry.locations,
    });
  }
  return servers;
}

/** Keys of a test file's server entry that are the test file's, not the config's. */
const OWN_KEYS: ReadonlySet<string> = new Set(['start']);

/** The `start` of each server that has one: only an http/sse server is started this way, and its log pattern must run on the linear engine. */
function serverStarts(loading: Loading, servers: ConfigEntry[]): Record<string, RawStart> {
  const { raw, source, errors } = loading;
  const starts: Record<string, RawStart> = {};
  for (const entry of servers) {
    const start = (raw.servers?.[entry.name] as { start?: RawStart } | undefined)?.start;
    if (start === undefined) continue;
    const at: JsonSegment[] = ['servers', entry.name, 'start'];
    if (entry.type === 'stdio') {
      errors.push(
        `${source.at(at)}: server "${entry.name}": "start" is for an http or sse server (give "url", and the command under "start"); a stdio server is started from its own "command"`,
      );
      continue;
    }
    if ((start.ready?.port as unknown) === false) {
      errors.push(
        `${source.at([...at, 'ready', 'port'])}: server "${entry.name}": start.ready.port: false waits for nothing: write true (the port of "url") or a port number`,
      );
      continue;
    }
    const pattern = start.ready?.log?.matches;
    const problem = pattern === undefined ? undefined : patternProblem(pattern);
    if (problem !== undefined) {
      errors.push(
        `${source.at([...at, 'ready', 'log', 'matches'])}: server "${entry.name}": start.ready.log.matches ${JSON.stringify(pattern)} ${problem}`,
      );
      continue;
    }
    starts[entry.name] = start;
  }
  return starts;
}

/** The server a test or step runs on: its own, the defaults', or the file's only one. */
function serverOf(loading: Loading, named: string | undefined): string | undefined {
  const { raw, fileServers } = loading;
  return named ?? raw.defaults?.server ?? (fileServers.length === 1 ? fileServers[0] : undefined);
}

/** One test, or none when it names no server (the error is recorded). */
function loadTest(loading: Loading, t: RawTest, index: number): TestCase[] {
  const { raw, source, file, ctx, errors, fileServers } = loading;
  const at: JsonSegment[] = ['tests', index];
  const server = serverOf(loading, t.server);
  if (server === undefined) {
    errors.push(
      `${source.at(at)}: test "${t.name}" names no server: add "server", or "defaults.server"${fileServers.length ? ` (the file defines ${fileServers.join(', ')})` : ''}`,
    );
    return [];
  }
  // A name neither the file nor the configuration defines is refused when servers are resolved,
  // still before any starts.
  const timeout = t.timeout ?? raw.defaults?.timeout;
  const retries = t.retries ?? raw.defaults?.retries;
  const rawSteps: [RawStep, JsonSegment[]][] = t.steps
    ? t.steps.map((st, i) => [st, [...at, 'steps', i]])
    : [[t as RawStep, at]];
  if (t.steps && (t.expect || t.capture))
    errors.push(
      `${source.at([...at, t.expect ? 'expect' : 'capture'])}: test "${t.name}": with "steps", each step has its own "expect" and "capture"`,
    );
  const captured = new Set(fileCaptures(raw.setup));
  const steps = rawSteps.map(([st, where]) => {
    const one = loadStep(st, where, t.name, { source, server, file, ctx, errors, captured, expand: !t.skip });
    for (const name of Object.keys(st.capture ?? {})) captured.add(name);
    return one;
  });
  return [
    {
      index,
      name: t.name,
      server,
      serverAt: source.at(
        t.server !== undefined ? [...at, 'server'] : raw.defaults?.server !== undefined ? ['defaults', 'server'] : at,
      ),
      ...(timeout !== undefined ? { timeoutMs: Math.round(timeout * 1000) } : {}),
      ...(retries ? { retries } : {}),
      ...(t.skip === true || typeof t.skip === 'string' ? { skip: t.skip } : {}),
      only: t.only === true,
      steps,
      at: source.at(at),
    },
  ];
}

/** The file's setup or teardown steps; the teardown may use what the setup captured. */
function loadFixture(loading: Loading, key: 'setup' | 'teardown'): FixtureStep[] {
  const { raw, source, file, ctx, errors } = loading;
  const captured = new Set(key === 'teardown' ? fileCaptures(raw.setup) : []);
  return (raw[key] ?? []).flatMap((st, i) => {
    const where: JsonSegment[] = [key, i];
    const server = serverOf(loading, st.server);
    if (server === undefined) {
      errors.push(`${source.at(where)}: a ${key} step names no server: add "server", or "defaults.server"`);
      return [];
    }
    const one = loadStep(st, where, key, { source, server, file, ctx, errors, captured, expand: true });
    for (const name of Object.keys(st.capture ?? {})) captured.add(name);
    return [{ ...one, server }];
  });
}

/** The names a file's setup captures: every test and the teardown may use them. */
function fileCaptures(setup: RawStep[] | undefined): string[] {
  return (setup ?? []).flatMap((st) => Object.keys(st.capture ?? {}));
}

interface StepScope {
  source: SourceFile;
  server: string;
  file: string;
  ctx: Context;
  errors: string[];
  /** Names captured by earlier steps: `${name}` is theirs, not an environment variable. */
  captured: ReadonlySet<string>;
  /** false for a skipped test: its variables need not be set. */
  expand: boolean;
}

function loadStep(st: RawStep, at: JsonSegment[], name: string, scope: StepScope): StepCase {
  const { source, errors } = scope;
  const step = stepOf(st as RawTest);
  for (const [kind, steps] of Object.entries(APPLIES)) {
    if (st.expect?.[kind as keyof RawTest['expect'] & string] !== undefined && !steps.includes(step.kind)) {
      errors.push(
        `${source.at([...at, 'expect', kind])}: test "${name}": "${kind}" applies to ${steps.join(' and ')} steps only, not to ${step.kind}`,
      );
    }
  }
  const expectRaw = st.expect ?? {};
  const structured =
    expectRaw.structured === undefined
      ? undefined
      : Array.isArray(expectRaw.structured)
        ? expectRaw.structured
        : [expectRaw.structured];
  const expectAt = expectationPositions(source, [...at, 'expect'], expectRaw);
  errors.push(...badPatterns(name, expectRaw, expectAt, scope.captured));
  for (const [capture, where] of Object.entries(st.capture ?? {}))
    if (!/^(\$|\/)/.test(where) && where !== '')
      errors.push(
        `${source.at([...at, 'capture', capture])}: test "${name}": capture "${capture}": "${where}" is neither a JSONPath ($.a.b) nor a JSON Pointer (/a/b)`,
      );
  const expand = expander(source, at, scope.server, scope.file, scope.ctx, errors, scope.captured);
  return {
    step: scope.expand ? expand(step) : step,
    expect: markCaptures({ ...expectRaw, ...(structured ? { structured } : {}) }, scope.captured) as Expectations,
    capture: st.capture ?? {},
    at: source.at(at),
    expectAt,
  };
}

/** Where each expectation is written, so a report can point at the line of the one that failed. */
function expectationPositions(
  source: SourceFile,
  at: JsonSegment[],
  expect: NonNullable<RawTest['expect']>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [kind, value] of Object.entries(expect)) {
    out[kind] = source.at([...at, kind]);
    if (kind === 'structured' && Array.isArray(value))
      value.forEach((_, i) => {
        out[`structured[${i}]`] = source.at([...at, kind, i]);
      });
    else if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const key of Object.keys(value)) out[`${kind}.${key}`] = source.at([...at, kind, key]);
  }
  return out;
}

/**
 * Every `matches` of a test that is not a regular expression the linear engine runs, at its
 * file:line:col. A captured `${name}` is known only when the test runs (where a value that makes
 * the pattern invalid fails its expectation): here it stands as its marker, a plain character.
 */
function badPatterns(
  name: string,
  expect: NonNullable<RawTest['expect']>,
  expectAt: Record<string, string>,
  captured: ReadonlySet<string>,
): string[] {
  const patterns: [string, string | undefined][] = [['text.matches', expect.text?.matches]];
  const structured = expect.structured;
  if (Array.isArray(structured)) structured.forEach((m, i) => patterns.push([`structured[${i}]`, m.matches]));
  else if (structured) patterns.push(['structured.matches', structured.matches]);
  const out: string[] = [];
  for (const [where, pattern] of patterns) {
    const problem = pattern === undefined ? undefined : patternProblem(markCaptures(pattern, captured) as string);
    if (problem !== undefined)
      out.push(
        `${expectAt[where] ?? expectAt.structured}: test "${name}": expect.${where.endsWith('.matches') ? where : `${where}.matches`} ${JSON.stringify(pattern)} ${problem}`,
      );
  }
  return out;
}

/** Expectations with each `${name}` of a captured name as its marker (expectations take no environment variables). */
function markCaptures(value: unknown, captured: ReadonlySet<string>): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
      captured.has(name) ? captureMarker(name) : whole,
    );
  if (Array.isArray(value)) return value.map((v) => markCaptures(v, captured));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markCaptures(v, captured)]));
  return value;
}

/** Stands for a captured value in a step until the run knows it (private-use characters no file holds). */
export function captureMarker(name: string): string {
  return `\uE100${name}\uE101`;
}

function stepOf(t: RawTest): Step {
  const kind = STEP_KINDS.find((k) => (t as unknown as Record<string, unknown>)[k] !== undefined) as StepKind;
  switch (kind) {
    case 'status':
    case 'tools':
      return { kind };
    case 'call':
      return { kind, tool: t.call!.tool, args: t.call!.args ?? {} };
    case 'read':
      return { kind, uri: t.read!.uri };
    case 'prompt':
      return { kind, name: t.prompt!.name, args: t.prompt!.args ?? {} };
    case 'complete': {
      const c = t.complete!;
      return {
        kind,
        ref:
          c.prompt !== undefined ? { type: 'ref/prompt', name: c.prompt } : { type: 'ref/resource', uri: c.resource! },
        argument: c.argument,
        value: c.value ?? '',
        ...(c.context ? { context: c.context } : {}),
      };
    }
  }
}

/**
 * Expands `${VAR}` in every string of a step, as configs do; each value taken from the
 * environment joins the run's secrets, so reports never show it.
 */
function expander(
  source: SourceFile,
  at: JsonSegment[],
  server: string,
  file: string,
  ctx: Context,
  errors: string[],
  captured: ReadonlySet<string>,
) {
  const scope: InterpolationScope = {
    env: ctx.env,
    builtins: builtinVariables(file, ctx.home),
    server,
    shownAs: source.shownAs,
    locations: {},
    entryPath: formatJsonPath(at),
    secrets: ctx.secrets,
  };
  const one = (value: string, where: JsonSegment[]): string => {
    const pos = source.positionOf([...at, ...where]);
    const located = {
      ...scope,
      locations: {
        [formatJsonPath(where)]: {
          jsonPath: formatJsonPath([...at, ...where]),
          key: formatJsonPath(where),
          line: pos.line,
          column: pos.column,
        },
      },
    };
    // A captured name stays as a marker for the run to fill in; the rest expands from the environment.
    const parts = value.split(/(\$\{[A-Za-z_][A-Za-z0-9_]*\})/);
    return parts
      .map((part, i) =>
        i % 2 === 1 && captured.has(part.slice(2, -1))
          ? captureMarker(part.slice(2, -1))
          : expandString(part, where, located),
      )
      .join('');
  };
  const deep = (value: unknown, where: JsonSegment[]): unknown => {
    if (typeof value === 'string') return one(value, where);
    if (Array.isArray(value)) return value.map((v, i) => deep(v, [...where, i]));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v, [...where, k])]));
    return value;
  };
  return (step: Step): Step => {
    try {
      const { kind, ...rest } = step;
      return { kind, ...(deep(rest, [kind]) as object) } as Step;
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
      return step;
    }
  };
}

/** ajv's findings in words, each at its file:line:col. */
function problems(source: SourceFile, errors: ErrorObject[]): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  // A failed oneOf / anyOf repeats every branch's complaints: keep the summary for those paths.
  const summarised = new Set(
    errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath),
  );
  for (const e of errors) {
    const segs = pointerPath(e.instancePath);
    if ((e.keyword === 'required' || e.keyword === 'type') && summarised.has(e.instancePath)) continue;
    let where = segs;
    let what: string;
    const label = formatJsonPath(segs) || 'the file';
    switch (e.keyword) {
      case 'additionalProperties': {
        const key = String(e.params.additionalProperty);
        where = [...segs, key];
        const known = Object.keys(knownKeys(e.parentSchema));
        what = `unknown key "${formatJsonPath(where)}"${didYouMean(key, known)}${known.length ? ` (allowed: ${known.join(', ')})` : ''}`;
        break;
      }
      case 'required':
        what = `${label}: "${String(e.params.missingProperty)}" is required`;
        break;
      case 'oneOf':
        what = isTestPath(segs)
          ? `${label}: a test needs exactly one step: ${STEP_KINDS.join(', ')}, or a list of them under steps`
          : `${label}: must be exactly one of the allowed shapes${(e.parentSchema as { oneOf?: { required?: string[] }[] } | undefined)?.oneOf?.every((b) => b.required) ? ` (one of ${(e.parentSchema as { oneOf: { required: string[] }[] }).oneOf.map((b) => `"${b.required[0]}"`).join(', ')})` : ''}`;
        break;
      case 'anyOf':
        what = `${label}: needs one of ${((e.parentSchema as { anyOf?: { required?: string[] }[] }).anyOf ?? []).map((b) => `"${b.required?.[0]}"`).join(', ')}`;
        break;
      case 'type':
        what = `${label}: must be ${String(e.params.type).replace(',', ' or ')}`;
        break;
      case 'enum':
        what = `${label}: must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      default:
        what = `${label}: ${e.message ?? 'is invalid'}`;
    }
    const line = `${source.at(where)}: ${what}`;
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines.length === 1
    ? lines[0]!
    : `${lines.length} problems in ${source.shownAs}:\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

function isTestPath(segs: JsonSegment[]): boolean {
  return segs.length === 2 && segs[0] === 'tests' && typeof segs[1] === 'number';
}

function knownKeys(schema: unknown): Record<string, unknown> {
  return ((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}) as Record<
    string,
    unknown
  >;
}
