// What changed between two contracts, each change classified: breaking (a client that worked
// with the old contract may fail with the new one) or compatible (additions, widenings, text).

import { isDeepStrictEqual } from 'node:util';
import type { Prompt, Tool } from '@modelcontextprotocol/client';
import { formatJsonPath, type JsonSegment } from '../config/jsonc.js';
import type { Contract } from './snapshot.js';

export type ChangeClass = 'breaking' | 'compatible';

export interface Change {
  class: ChangeClass;
  /** Where in the contract: `tools.echo.inputSchema.properties.message`. */
  path: string;
  message: string;
}

type Schema = Record<string, unknown>;
type Path = JsonSegment[];

/** Keywords that only describe: changing them changes no client's behaviour. */
const TEXT_KEYWORDS = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'multipleOf'];
/** Keywords the input rules below understand; any other change to an input schema counts as breaking. */
const INPUT_KEYWORDS = new Set([
  ...TEXT_KEYWORDS,
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$schema',
]);

export function diffContracts(before: Contract, after: Contract): Change[] {
  const changes: Change[] = [];
  const add = (cls: ChangeClass, path: Path, message: string) =>
    changes.push({ class: cls, path: formatJsonPath(path), message });

  if (
    before.server.name !== after.server.name ||
    before.server.version !== after.server.version ||
    before.server.title !== after.server.title
  ) {
    add(
      'compatible',
      ['server'],
      `server info changed from ${before.server.name} ${before.server.version} to ${after.server.name} ${after.server.version}`,
    );
  }
  if (before.protocolVersion !== after.protocolVersion)
    add(
      'compatible',
      ['protocolVersion'],
      `protocol revision changed from ${before.protocolVersion} to ${after.protocolVersion}`,
    );
  if ((before.instructions ?? '') !== (after.instructions ?? ''))
    add('compatible', ['instructions'], 'instructions changed');
  for (const key of Object.keys(before.capabilities)) {
    if (!(key in after.capabilities)) add('breaking', ['capabilities', key], `capability "${key}" removed`);
    else if (!isDeepStrictEqual(before.capabilities[key], after.capabilities[key]))
      add('compatible', ['capabilities', key], `capability "${key}" changed`);
  }
  for (const key of Object.keys(after.capabilities))
    if (!(key in before.capabilities)) add('compatible', ['capabilities', key], `capability "${key}" added`);

  pairs(
    before.tools,
    after.tools,
    (t) => t.name,
    (name, old, now) => {
      const at: Path = ['tools', name];
      if (!now) return add('breaking', at, `tool "${name}" removed`);
      if (!old) return add('compatible', at, `tool "${name}" added`);
      diffTool(old, now, at, add);
    },
  );
  pairs(
    before.prompts,
    after.prompts,
    (p) => p.name,
    (name, old, now) => {
      const at: Path = ['prompts', name];
      if (!now) return add('breaking', at, `prompt "${name}" removed`);
      if (!old) return add('compatible', at, `prompt "${name}" added`);
      diffPrompt(old, now, at, add);
    },
  );
  pairs(
    before.resourceTemplates,
    after.resourceTemplates,
    (t) => t.uriTemplate,
    (uri, old, now) => {
      const at: Path = ['resourceTemplates', uri];
      if (!now) return add('breaking', at, `resource template "${uri}" removed`);
      if (!old) return add('compatible', at, `resource template "${uri}" added`);
      if (!isDeepStrictEqual(old, now))
        add('compatible', at, `resource template "${uri}" changed (${changedKeys(old, now).join(', ')})`);
    },
  );
  // Resources are content the server lists, not calls a client makes: their coming and going is no break.
  pairs(
    before.resources,
    after.resources,
    (r) => r.uri,
    (uri, old, now) => {
      const at: Path = ['resources', uri];
      if (!now) return add('compatible', at, `resource "${uri}" removed`);
      if (!old) return add('compatible', at, `resource "${uri}" added`);
      if (!isDeepStrictEqual(old, now))
        add('compatible', at, `resource "${uri}" changed (${changedKeys(old, now).join(', ')})`);
    },
  );
  return changes;
}

type Add = (cls: ChangeClass, path: Path, message: string) => void;

function pairs<T>(
  before: T[],
  after: T[],
  key: (item: T) => string,
  visit: (key: string, old?: T, now?: T) => void,
): void {
  const old = new Map(before.map((i) => [key(i), i]));
  const now = new Map(after.map((i) => [key(i), i]));
  for (const [k, v] of old) visit(k, v, now.get(k));
  for (const [k, v] of now) if (!old.has(k)) visit(k, undefined, v);
}

function changedKeys(a: object, b: object): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys]
    .filter((k) => !isDeepStrictEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    .sort();
}

function diffTool(old: Tool, now: Tool, at: Path, add: Add): void {
  if (old.description !== now.description || old.title !== now.title)
    add('compatible', at, 'description or title changed');
  diffInput(old.inputSchema as Schema, now.inputSchema as Schema, [...at, 'inputSchema'], add);
  diffOutput(
    old.outputSchema as Schema | undefined,
    now.outputSchema as Schema | undefined,
    [...at, 'outputSchema'],
    add,
  );
  const a = (old.annotations ?? {}) as Record<string, unknown>;
  const b = (now.annotations ?? {}) as Record<string, unknown>;
  // The spec's defaults: readOnlyHint false, destructiveHint true.
  const readOnly = (x: Record<string, unknown>) => x.readOnlyHint === true;
  const destructive = (x: Record<string, unknown>) => !readOnly(x) && x.destructiveHint !== false;
  if (readOnly(a) && !readOnly(b))
    add('breaking', [...at, 'annotations', 'readOnlyHint'], 'readOnlyHint turned off: the tool may now change things');
  else if (!destructive(a) && destructive(b))
    add(
      'breaking',
      [...at, 'annotations', 'destructiveHint'],
      'destructiveHint turned on: the tool may now destroy things',
    );
  else if (!isDeepStrictEqual(a, b))
    add('compatible', [...at, 'annotations'], `annotations changed (${changedKeys(a, b).join(', ')})`);
  if (!isDeepStrictEqual(old.execution, now.execution)) {
    const required = (t: Tool) => (t.execution as { taskSupport?: string } | undefined)?.taskSupport === 'required';
    add(
      !required(old) && required(now) ? 'breaking' : 'compatible',
      [...at, 'execution'],
      `execution changed from ${JSON.stringify(old.execution ?? {})} to ${JSON.stringify(now.execution ?? {})}`,
    );
  }
}

function diffPrompt(old: Prompt, now: Prompt, at: Path, add: Add): void {
  if (old.description !== now.description || old.title !== now.title)
    add('compatible', at, 'description or title changed');
  pairs(
    old.arguments ?? [],
    now.arguments ?? [],
    (a) => a.name,
    (name, a, b) => {
      const here: Path = [...at, 'arguments', name];
      if (!b) return add('breaking', here, `argument "${name}" removed`);
      if (!a)
        return add(
          b.required ? 'breaking' : 'compatible',
          here,
          `${b.required ? 'required' : 'optional'} argument "${name}" added`,
        );
      if (!a.required && b.required) add('breaking', here, `argument "${name}" became required`);
      else if (a.required && !b.required) add('compatible', here, `argument "${name}" became optional`);
      if (!isDeepStrictEqual({ ...a, required: undefined }, { ...b, required: undefined }))
        add('compatible', here, 'description or title changed');
    },
  );
}

function isSchema(s: unknown): s is Schema {
  return s !== null && typeof s === 'object' && !Array.isArray(s);
}

/** An object schema's properties and the names it requires. */
function objectParts(s: Schema): { props: Schema; required: Set<string> } {
  return {
    props: isSchema(s.properties) ? s.properties : {},
    required: new Set(Array.isArray(s.required) ? (s.required as string[]) : []),
  };
}

function types(s: Schema): Set<string> | undefined {
  if (s.type === undefined) return undefined;
  return new Set(Array.isArray(s.type) ? (s.type as string[]) : [String(s.type)]);
}

/** Whether every value of type `t` is allowed by `set` (an integer is a number). */
function covers(set: Set<string> | undefined, t: string): boolean {
  return set === undefined || set.has(t) || (t === 'integer' && set.has('number'));
}

/** An input schema: what the client sends. Narrowing breaks callers; widening does not. */
function diffInput(old: unknown, now: unknown, at: Path, add: Add): void {
  if (!isSchema(old) || !isSchema(now)) {
    if (old === now || isDeepStrictEqual(old, now)) return;
    if (old === undefined) {
      add('breaking', at, 'a schema was added where there was none');
      return;
    }
    if (now === undefined || now === true) {
      add('compatible', at, 'the schema was removed (anything is accepted)');
      return;
    }
    add('breaking', at, 'the schema changed in a way that may reject what it accepted');
    return;
  }
  const before = types(old);
  const after = types(now);
  if (!isDeepStrictEqual(before, after)) {
    const lost = before === undefined ? ['any'] : [...before].filter((t) => !covers(after, t));
    const shown = (s: Set<string> | undefined) => (s === undefined ? 'any' : [...s].join('|'));
    add(
      lost.length ? 'breaking' : 'compatible',
      [...at, 'type'],
      `type ${lost.length ? 'narrowed' : 'widened'} from ${shown(before)} to ${shown(after)}`,
    );
  }
  const oldEnum = Array.isArray(old.enum) ? old.enum : undefined;
  const newEnum = Array.isArray(now.enum) ? now.enum : undefined;
  if (newEnum && !oldEnum) add('breaking', [...at, 'enum'], `values restricted to ${JSON.stringify(newEnum)}`);
  else if (oldEnum && !newEnum) add('compatible', [...at, 'enum'], 'enum removed (any value of the type is accepted)');
  else if (oldEnum && newEnum) {
    const removed = oldEnum.filter((v) => !newEnum.some((w) => isDeepStrictEqual(v, w)));
    const added = newEnum.filter((v) => !oldEnum.some((w) => isDeepStrictEqual(v, w)));
    if (removed.length)
      add(
        'breaking',
        [...at, 'enum'],
        `enum value${removed.length > 1 ? 's' : ''} ${removed.map((v) => JSON.stringify(v)).join(', ')} removed`,
      );
    if (added.length)
      add(
        'compatible',
        [...at, 'enum'],
        `enum value${added.length > 1 ? 's' : ''} ${added.map((v) => JSON.stringify(v)).join(', ')} added`,
      );
  }
  if (!isDeepStrictEqual(old.const, now.const))
    add(
      now.const === undefined ? 'compatible' : 'breaking',
      [...at, 'const'],
      now.const === undefined ? 'const removed' : `value fixed to ${JSON.stringify(now.const)}`,
    );
  for (const key of LOWER_BOUNDS) bound(old, now, key, (a, b) => b > a, at, add);
  for (const key of UPPER_BOUNDS) bound(old, now, key, (a, b) => (key === 'multipleOf' ? b % a !== 0 : b < a), at, add);
  for (const key of ['pattern', 'format']) {
    if (old[key] === now[key]) continue;
    add(
      now[key] === undefined ? 'compatible' : 'breaking',
      [...at, key],
      now[key] === undefined
        ? `${key} removed`
        : `${key} ${old[key] === undefined ? 'added' : 'changed'}: ${String(now[key])}`,
    );
  }
  if (old.additionalProperties !== false && now.additionalProperties === false)
    add('breaking', [...at, 'additionalProperties'], 'extra properties are no longer accepted');
  else if (old.additionalProperties === false && now.additionalProperties !== false)
    add('compatible', [...at, 'additionalProperties'], 'extra properties are now accepted');

  const { props: oldProps, required: oldRequired } = objectParts(old);
  const { props: newProps, required: newRequired } = objectParts(now);
  for (const name of Object.keys(oldProps)) {
    const here: Path = [...at, 'properties', name];
    if (!(name in newProps)) add('breaking', here, `input property "${name}" removed`);
    else diffInput(oldProps[name], newProps[name], here, add);
  }
  for (const name of Object.keys(newProps)) {
    if (name in oldProps) continue;
    add(
      newRequired.has(name) ? 'breaking' : 'compatible',
      [...at, 'properties', name],
      `${newRequired.has(name) ? 'required' : 'optional'} input property "${name}" added`,
    );
  }
  for (const name of newRequired)
    if (!oldRequired.has(name) && name in oldProps)
      add('breaking', [...at, 'required'], `input property "${name}" became required`);
  for (const name of oldRequired)
    if (!newRequired.has(name) && name in newProps)
      add('compatible', [...at, 'required'], `input property "${name}" became optional`);
  if (isSchema(old.items) || isSchema(now.items)) diffInput(old.items, now.items, [...at, 'items'], add);

  const described = [...TEXT_KEYWORDS].filter((k) => !isDeepStrictEqual(old[k], now[k]));
  if (described.length) add('compatible', at, `${described.join(', ')} changed`);
  const other = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter(
    (k) => !INPUT_KEYWORDS.has(k) && !isDeepStrictEqual(old[k], now[k]),
  );
  if (other.length)
    add(
      'breaking',
      at,
      `${other.join(', ')} changed (mcpctl cannot tell whether that narrows what is accepted, so it counts as breaking)`,
    );
}

function bound(
  old: Schema,
  now: Schema,
  key: string,
  tighter: (a: number, b: number) => boolean,
  at: Path,
  add: Add,
): void {
  const a = old[key];
  const b = now[key];
  if (a === b) return;
  if (typeof b !== 'number') {
    add('compatible', [...at, key], `${key} ${String(a)} removed`);
    return;
  }
  if (typeof a !== 'number') {
    add('breaking', [...at, key], `${key} ${b} added`);
    return;
  }
  add(
    tighter(a, b) ? 'breaking' : 'compatible',
    [...at, key],
    `${key} ${tighter(a, b) ? 'tightened' : 'loosened'} from ${a} to ${b}`,
  );
}

/** An output schema: what the client receives. Anything it relied on that goes or changes breaks it. */
function diffOutput(old: Schema | undefined, now: Schema | undefined, at: Path, add: Add): void {
  if (old === undefined && now === undefined) return;
  if (old === undefined) {
    add('compatible', at, 'outputSchema added');
    return;
  }
  if (now === undefined) {
    add('breaking', at, 'outputSchema removed: structuredContent is no longer promised');
    return;
  }
  const strip = (s: Schema) =>
    Object.fromEntries(
      Object.entries(s).filter(([k]) => !TEXT_KEYWORDS.has(k) && k !== 'properties' && k !== 'required'),
    );
  if (!isDeepStrictEqual(strip(old), strip(now)))
    add('breaking', at, `output changed (${changedKeys(strip(old), strip(now)).join(', ')})`);
  const { props: oldProps, required: oldRequired } = objectParts(old);
  const { props: newProps, required: newRequired } = objectParts(now);
  for (const name of Object.keys(oldProps)) {
    const here: Path = [...at, 'properties', name];
    if (!(name in newProps)) add('breaking', here, `output property "${name}" removed`);
    else if (isSchema(oldProps[name]) && isSchema(newProps[name]))
      diffOutput(oldProps[name] as Schema, newProps[name] as Schema, here, add);
    else if (!isDeepStrictEqual(oldProps[name], newProps[name]))
      add('breaking', here, `output property "${name}" changed`);
  }
  for (const name of Object.keys(newProps))
    if (!(name in oldProps)) add('compatible', [...at, 'properties', name], `output property "${name}" added`);
  for (const name of oldRequired)
    if (!newRequired.has(name) && name in newProps)
      add('breaking', [...at, 'required'], `output property "${name}" is no longer always present`);
  const described = [...TEXT_KEYWORDS].filter((k) => !isDeepStrictEqual(old[k], now[k]));
  if (described.length) add('compatible', at, `${described.join(', ')} changed`);
}
