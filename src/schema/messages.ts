// Turns ajv's errors into sentences a user can act on: which value (a dotted argument name or a
// JSON pointer), what the schema wants, what was given. Noise is dropped: the inner errors of a
// failed anyOf/oneOf become one "must be A or B" line, and if/then bookkeeping errors vanish.

import type { ErrorObject } from 'ajv';
import { declaredProperties, jsonTypeOf, type JsonSchema } from './navigate.js';
import { isRecord } from '../is-record.js';
import { didYouMean } from '../suggest.js';
import { typeAlternatives } from './type-label.js';
import { unescapeToken } from './pointer.js';

/** One problem: where (a JSON pointer into the checked value) and what. */
export type Explained =
  | { kind: 'missing'; pointer: string; name: string; because?: string }
  | { kind: 'unknown'; pointer: string; name: string; suggestion: string }
  | { kind: 'value'; pointer: string; text: string };

const MAX_SHOWN = 60;

/** A value as shown in a message: JSON, cut short when long. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

function shownWithType(value: unknown): string {
  return `${shown(value)} (${jsonTypeOf(value)})`;
}

function typeWords(type: unknown): string {
  const list = Array.isArray(type) ? type : typeof type === 'string' ? type.split(',') : [];
  return list.map(String).join(' or ');
}

function appendPointer(pointer: string, name: string): string {
  return `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function isAtOrUnder(pointer: string, base: string): boolean {
  return pointer === base || pointer.startsWith(`${base}/`);
}

/**
 * Where the errors of a failed anyOf/oneOf's branches come from: the branches' own schema path,
 * and the targets of branches that are a bare `$ref` (ajv reports those at the target's path).
 */
function branchPaths(composite: ErrorObject): string[] {
  const paths = [`${composite.schemaPath}/`];
  if (Array.isArray(composite.schema)) {
    for (const branch of composite.schema) {
      if (isRecord(branch) && typeof branch.$ref === 'string' && branch.$ref.startsWith('#'))
        paths.push(`${branch.$ref}/`);
    }
  }
  return paths;
}

/** The errors that only restate another error: branch errors of a reported anyOf/oneOf, `if`. */
function dropNoise(errors: readonly ErrorObject[]): ErrorObject[] {
  const composites = errors
    .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && e.params.passingSchemas == null)
    .map((c) => ({ c, paths: branchPaths(c) }));
  return errors.filter((e) => {
    if (e.keyword === 'if') return false;
    return !composites.some(
      ({ c, paths }) =>
        c !== e && isAtOrUnder(e.instancePath, c.instancePath) && paths.some((p) => e.schemaPath.startsWith(p)),
    );
  });
}

/** The errors of branch `index` of a failed anyOf/oneOf (a bare `$ref` branch reports at its target). */
function errorsOfBranch(composite: ErrorObject, index: number, errors: readonly ErrorObject[]): ErrorObject[] {
  const branch = Array.isArray(composite.schema) ? (composite.schema[index] as unknown) : undefined;
  const prefixes = [`${composite.schemaPath}/${index}/`];
  if (isRecord(branch) && typeof branch.$ref === 'string' && branch.$ref.startsWith('#'))
    prefixes.push(`${branch.$ref}/`);
  return errors.filter(
    (e) => isAtOrUnder(e.instancePath, composite.instancePath) && prefixes.some((p) => e.schemaPath.startsWith(p)),
  );
}

/** A problem inside a branch, said relative to the value the alternatives are for. */
function relativeProblem(problem: Explained, base: string): string {
  const inner = problem.pointer.slice(base.length).split('/').slice(1).map(unescapeToken);
  const at = (name?: string) => `"${[...inner, ...(name === undefined ? [] : [name])].join('.')}"`;
  switch (problem.kind) {
    case 'missing':
      return `misses ${at(problem.name)}`;
    case 'unknown':
      return `does not take ${at(problem.name)}`;
    case 'value':
      return inner.length === 0 ? problem.text : `${at()} ${problem.text}`;
  }
}

/**
 * Which alternative a value of the right type came closest to, and what it lacks: the branches
 * of its type with the fewest problems. Where several tie and each only misses names, what they
 * all miss is said once and the rest as a choice (`misses "body", and "line" or "position"`).
 */
function closestAlternative(composite: ErrorObject, errors: readonly ErrorObject[], root: JsonSchema): string {
  const branches = Array.isArray(composite.schema) ? (composite.schema as JsonSchema[]) : [];
  const candidates = branches
    .map((branch, index) => ({ branch, own: errorsOfBranch(composite, index, errors) }))
    // A branch of another type (or value) is not close, whatever else it says.
    .filter(({ own }) =>
      own.every((e) => e.instancePath !== composite.instancePath || !['type', 'const', 'enum'].includes(e.keyword)),
    )
    .map(({ branch, own }) => ({ branch, problems: explainErrors(own, root) }))
    .filter(({ problems }) => problems.length > 0);
  if (candidates.length === 0) return '';
  const fewest = Math.min(...candidates.map((c) => c.problems.length));
  const closest = candidates.filter((c) => c.problems.length === fewest);
  const base = composite.instancePath;
  const onlyMissing = closest.every((c) => c.problems.every((p) => p.kind === 'missing' && p.pointer === base));
  if (closest.length > 1 && onlyMissing) {
    const names = closest.map((c) => c.problems.map((p) => (p as { name: string }).name));
    const common = names[0]!.filter((n) => names.every((list) => list.includes(n)));
    const choices = names.map((list) =>
      list
        .filter((n) => !common.includes(n))
        .map((n) => `"${n}"`)
        .join(' and '),
    );
    const parts = [...common.map((n) => `"${n}"`), ...(choices.every((c) => c !== '') ? [choices.join(' or ')] : [])];
    return `; the closest alternatives miss ${parts.join(', and ')}`;
  }
  const [best] = closest;
  const label = typeAlternatives(root, best!.branch).join(' or ');
  return `; closest: ${label} (${best!.problems.map((p) => relativeProblem(p, base)).join('; ')})`;
}

function explainOne(error: ErrorObject, root: JsonSchema, errors: readonly ErrorObject[]): Explained | undefined {
  const pointer = error.instancePath;
  const got = error.data;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { kind: 'missing', pointer, name: String(params.missingProperty) };
    case 'dependentRequired':
    case 'dependencies':
      return { kind: 'missing', pointer, name: String(params.missingProperty), because: String(params.property) };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const known = declaredProperties(root, error.parentSchema as JsonSchema | undefined);
      return { kind: 'unknown', pointer, name, suggestion: didYouMean(name, known) };
    }
    case 'type':
      return { kind: 'value', pointer, text: `must be ${typeWords(params.type)}, got ${shownWithType(got)}` };
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return { kind: 'value', pointer, text: `must be one of ${allowed.map(shown).join(', ')}, got ${shown(got)}` };
    }
    case 'const':
      return { kind: 'value', pointer, text: `must be ${shown(params.allowedValue)}, got ${shown(got)}` };
    case 'format':
      return { kind: 'value', pointer, text: `must be a valid ${String(params.format)}, got ${shown(got)}` };
    case 'anyOf':
    case 'oneOf': {
      if (params.passingSchemas != null) {
        return {
          kind: 'value',
          pointer,
          text: `matches more than one of the alternatives it must choose between, got ${shown(got)}`,
        };
      }
      const branches = Array.isArray(error.schema) ? (error.schema as JsonSchema[]) : [];
      const labels = [...new Set(branches.flatMap((b) => typeAlternatives(root, b)))];
      const closest = closestAlternative(error, errors, root);
      return { kind: 'value', pointer, text: `must be ${labels.join(' or ')}, got ${shownWithType(got)}${closest}` };
    }
    case 'not':
      return {
        kind: 'value',
        pointer,
        text: `must not be ${typeAlternatives(root, error.schema as JsonSchema).join(' or ')}, got ${shown(got)}`,
      };
    case 'false schema':
      return { kind: 'value', pointer, text: 'is not allowed here' };
    default: {
      const what = error.message ?? `fails "${error.keyword}"`;
      const scalar = got === null || typeof got !== 'object';
      return { kind: 'value', pointer, text: scalar ? `${what}, got ${shown(got)}` : what };
    }
  }
}

/** Every ajv error as an Explained problem, in ajv's order, restatements removed. */
export function explainErrors(errors: readonly ErrorObject[], root: JsonSchema): Explained[] {
  const out: Explained[] = [];
  const seen = new Set<string>();
  for (const error of dropNoise(errors)) {
    const explained = explainOne(error, root, errors);
    if (explained === undefined) continue;
    const key = JSON.stringify(explained);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(explained);
    }
  }
  return out;
}

/** A JSON pointer into the arguments as the user names it on a command line: `user.tags[0]`. */
export function argumentName(pointer: string, args: unknown): string {
  let name = '';
  let node: unknown = args;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = unescapeToken(raw);
    if (Array.isArray(node)) {
      name += `[${segment}]`;
      node = node[Number(segment)];
    } else {
      name += name === '' ? segment : `.${segment}`;
      node = isRecord(node) ? node[segment] : undefined;
    }
  }
  return name;
}

/** The problem in `key=value` terms: `argument "count": must be integer, got "abc" (string)`. */
export function argumentMessage(problem: Explained, args: unknown): string {
  switch (problem.kind) {
    case 'missing': {
      const name = argumentName(appendPointer(problem.pointer, problem.name), args);
      return problem.because === undefined
        ? `missing required argument "${name}"`
        : `missing argument "${name}", required when "${argumentName(appendPointer(problem.pointer, problem.because), args)}" is given`;
    }
    case 'unknown':
      return `unknown argument "${argumentName(appendPointer(problem.pointer, problem.name), args)}"${problem.suggestion}`;
    case 'value':
      return problem.pointer === ''
        ? `the arguments ${problem.text}`
        : `argument "${argumentName(problem.pointer, args)}": ${problem.text}`;
  }
}

/** The problem in JSON pointer terms, for results: `/items/0/id must be string, got 5 (number)`. */
export function pointerMessage(problem: Explained): string {
  const at = problem.pointer === '' ? '(root)' : problem.pointer;
  switch (problem.kind) {
    case 'missing':
      return problem.because === undefined
        ? `${at} must have required property "${problem.name}"`
        : `${at} must have property "${problem.name}" when "${problem.because}" is present`;
    case 'unknown':
      return `${at} has unknown property "${problem.name}"`;
    case 'value':
      return `${at} ${problem.text}`;
  }
}
