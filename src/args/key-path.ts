// The key of an argument word as a path into the arguments object, in the notation the one-tool
// view prints: `user.name` descends into an object, `rows[0].id` into an element, and `rows[].id`
// into the array's last element, or a new one when the rest of the path is set there already
// (so `rows[].id=1 rows[].name=a rows[].id=2` makes two rows; `rows[].tags[]=x` adds to the
// last row's tags). A name the schema declares with dots or brackets in it is taken whole.

import { isDeclaredName, itemSchema, propertySchema, resolveSchema, type JsonSchema } from '../schema/navigate.js';

export type Segment = { key: string } | { index: number } | { append: true };

export interface KeyPath {
  segments: Segment[];
  /** The schema of the value at the end of the path, when the tool's schema says. */
  schema: JsonSchema | undefined;
}

const INDEX = /^\[(\d*)\]/;

/** The path `key` names, guided by `root` (the tool's inputSchema; undefined when unknown). */
export function keyPath(key: string, root: JsonSchema | undefined): KeyPath | { problem: string } {
  const segments: Segment[] = [];
  let schema: JsonSchema | undefined = root === undefined ? undefined : resolveSchema(root, root);
  let rest = key;
  for (;;) {
    if (root !== undefined && isDeclaredName(root, schema, rest)) {
      segments.push({ key: rest });
      return { segments, schema: propertySchema(root, schema, rest) };
    }
    const end = rest.search(/[.[]/);
    const name = end < 0 ? rest : rest.slice(0, end);
    if (name === '') return { problem: `argument "${key}": empty name segment` };
    segments.push({ key: name });
    schema = root === undefined ? undefined : propertySchema(root, schema, name);
    rest = end < 0 ? '' : rest.slice(end);
    for (let index = INDEX.exec(rest); index !== null; index = INDEX.exec(rest)) {
      const position = index[1] === '' ? undefined : Number(index[1]);
      segments.push(position === undefined ? { append: true } : { index: position });
      schema = root === undefined ? undefined : itemSchema(root, schema, position ?? 0);
      rest = rest.slice(index[0].length);
    }
    if (rest === '') return { segments, schema };
    if (!rest.startsWith('.'))
      return { problem: `argument "${key}": write name.key, name[N] or name[] (found "${rest}")` };
    rest = rest.slice(1);
  }
}

/** A path as people read it: `rows[1].id`. */
export function showPath(segments: readonly Segment[]): string {
  return segments
    .map((s, i) => ('key' in s ? `${i === 0 ? '' : '.'}${s.key}` : 'index' in s ? `[${s.index}]` : '[]'))
    .join('');
}
