// What changed between two contracts, each change classified: breaking (a client that worked
// with the old contract may fail with the new one) or compatible (additions, widenings, text).

import { isDeepStrictEqual } from 'node:util';
import type { Prompt, Tool } from '@modelcontextprotocol/client';
import { formatJsonPath, type JsonSegment } from '../config/jsonc.js';
import { compareSchemas, type Direction, type Effect } from './schema-diff.js';
import { type AllOfMerger, loadAllOfMerger, normaliseSchema, mayMerge } from './schema-normal.js';
import type { Contract } from './snapshot.js';

export type ChangeClass = 'breaking' | 'compatible';

export interface Change {
  class: ChangeClass;
  /** Where in the contract: `tools.echo.inputSchema.properties.message`. */
  path: string;
  message: string;
}

type Path = JsonSegment[];

/** What changed from `before` to `after`, in contract order. */
export async function diffContracts(before: Contract, after: Contract): Promise<Change[]> {
  const merge = mayMerge(before.tools) || mayMerge(after.tools) ? await loadAllOfMerger() : undefined;
  const changes: Change[] = [];
  const add = (cls: ChangeClass, path: Path, message: string) =>
    changes.push({ class: cls, path: formatJsonPath(path), message });

  if (
    before.server.name !== after.server.name ||
    before.server.version !== after.server.version ||
    before.server.title !== after.server.title
  ) {
    add('compatible', ['server'], `server info changed from ${serverInfo(before)} to ${serverInfo(after)}`);
  }
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
      diffTool(old, now, at, add, merge);
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
  diffTemplates(before.resourceTemplates, after.resourceTemplates, add);
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

/** `shop 1.0.0`, with its title when it has one: a change of the title alone is then said too. */
function serverInfo(c: Contract): string {
  return `${c.server.name} ${c.server.version}${c.server.title === undefined ? '' : ` "${c.server.title}"`}`;
}

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

function diffTool(old: Tool, now: Tool, at: Path, add: Add, merge?: AllOfMerger): void {
  if (old.description !== now.description || old.title !== now.title)
    add('compatible', at, 'description or title changed');
  diffSchema(old.inputSchema, now.inputSchema, 'input', [...at, 'inputSchema'], add, merge);
  const output: Path = [...at, 'outputSchema'];
  if (old.outputSchema === undefined && now.outputSchema !== undefined) add('compatible', output, 'outputSchema added');
  else if (old.outputSchema !== undefined && now.outputSchema === undefined)
    add('breaking', output, 'outputSchema removed: structuredContent is no longer promised');
  else if (old.outputSchema !== undefined) diffSchema(old.outputSchema, now.outputSchema, 'output', output, add, merge);
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

type Template = Contract['resourceTemplates'][number];

/** The variable names of an RFC 6570 URI template, in order: `{+path}{?q,page}` → path, q, page. */
export function templateVariables(uriTemplate: string): string[] {
  return [...uriTemplate.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .replace(/^[+#./;?&=,!@|]/, '')
      .split(',')
      .map((v) => v.replace(/(:\d+|\*)$/, '')),
  );
}

/**
 * Templates are paired by their URI template; one that is gone is paired with a new one of the
 * same name, so that a change of its variables is named as such (a client fills them in).
 */
function diffTemplates(before: Template[], after: Template[], add: Add): void {
  const now = new Map(after.map((t) => [t.uriTemplate, t]));
  const gone = before.filter((t) => !now.has(t.uriTemplate));
  const renamed = new Map<string, Template>();
  for (const old of gone) {
    const twin = after.find(
      (t) =>
        t.name === old.name &&
        !before.some((b) => b.uriTemplate === t.uriTemplate) &&
        ![...renamed.values()].includes(t),
    );
    if (twin) renamed.set(old.uriTemplate, twin);
  }
  const paired = new Set([...renamed.values()].map((t) => t.uriTemplate));
  pairs(
    before,
    after.filter((t) => !paired.has(t.uriTemplate)),
    (t) => t.uriTemplate,
    (uri, old, then) => {
      const at: Path = ['resourceTemplates', uri];
      const twin = renamed.get(uri);
      if (twin && old) {
        const vars = (t: Template) => templateVariables(t.uriTemplate).join(', ') || 'none';
        add(
          'breaking',
          at,
          `resource template "${old.name}" changed from ${uri} to ${twin.uriTemplate} (variables ${vars(old)} → ${vars(twin)})`,
        );
        return diffTemplateFields(old, twin, at, add);
      }
      if (!then) return add('breaking', at, `resource template "${uri}" removed`);
      if (!old) return add('compatible', at, `resource template "${uri}" added`);
      diffTemplateFields(old, then, at, add);
    },
  );
}

function diffTemplateFields(old: Template, now: Template, at: Path, add: Add): void {
  const a = { ...old, uriTemplate: undefined };
  const b = { ...now, uriTemplate: undefined };
  if (!isDeepStrictEqual(a, b))
    add('compatible', at, `resource template "${old.uriTemplate}" changed (${changedKeys(a, b).join(', ')})`);
}

/** An effect on the values a schema accepts, as a class: which way breaks depends on the direction. */
function classOf(effect: Effect, direction: Direction): ChangeClass {
  if (effect === 'unknown') return 'breaking';
  if (effect === 'describes') return 'compatible';
  return (effect === 'narrows') === (direction === 'input') ? 'breaking' : 'compatible';
}

/** The dialect a schema names: a change of it may change what the same keywords mean. */
function dialect(schema: unknown): string | undefined {
  const uri = (schema as { $schema?: unknown } | undefined)?.$schema;
  return typeof uri === 'string' ? uri.replace(/#$/, '') : undefined;
}

/** An input or output schema compared by the values it accepts (see schema-diff.ts). */
function diffSchema(old: unknown, now: unknown, direction: Direction, at: Path, add: Add, merge?: AllOfMerger): void {
  const a = normaliseSchema(old, merge);
  const b = normaliseSchema(now, merge);
  if (dialect(old) !== dialect(now))
    add(
      'breaking',
      [...at, '$schema'],
      `$schema changed from ${dialect(old) ?? 'none (2020-12)'} to ${dialect(now) ?? 'none (2020-12)'}: the same keywords may mean other things, so it counts as breaking`,
    );
  compareSchemas(a ?? true, b ?? true, at, {
    direction,
    merge,
    note: (effect, where, message) => add(classOf(effect, direction), where, message),
  });
}
