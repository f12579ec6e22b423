// Assembles a tool call's `arguments` object from every source the command line offers.
// Merge order, later wins: --args-file, then --args, then `-` (a JSON object on stdin), then the
// key=value words in the order given. The three JSON sources merge shallowly (a top-level key
// replaces the whole earlier value); a word sets one key, and a dotted word (`user.name=x`) sets
// one leaf inside the object at `user`, keeping its other keys. Repeating an array-typed key
// appends (`tag=a tag=b`); repeating any other key replaces. Standard input is read at most once.

import { resolve } from 'node:path';
import { coerceText } from './coerce.js';
import { argumentsError, type ToolWhere } from './report.js';
import { isDeclaredName, propertySchema, resolveSchema, typesOf, type JsonSchema } from '../schema/navigate.js';
import { parseWord, type ParsedWord, type ValueSource } from './words.js';
import { isRecord } from '../is-record.js';

export interface ArgSources {
  /** The words after `call SERVER TOOL`: key=value, key:=json, key=@file, `-`. */
  words: readonly string[];
  /** The text of `--args`. */
  argsJson?: string;
  /** The path of `--args-file` (`-` reads stdin). */
  argsFile?: string;
  /** Relative file names resolve against it. */
  cwd: string;
  readStdin: () => Promise<string>;
  readFile: (path: string) => Promise<string | Buffer>;
}

type Assign = Extract<ParsedWord, { kind: 'assign' }>;

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function jsonObject(text: string, label: string, problems: string[]): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    problems.push(`${label}: invalid JSON (${describeError(err)})`);
    return undefined;
  }
  if (!isRecord(value)) {
    problems.push(
      `${label}: must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
    );
    return undefined;
  }
  return value;
}

/**
 * Splits a key into a property path guided by the schema: a declared name that contains dots is
 * taken whole; otherwise each dot descends one object level.
 */
function propertyPath(
  key: string,
  root: JsonSchema | undefined,
): { path: string[]; schema: JsonSchema | undefined } | { problem: string } {
  const path: string[] = [];
  let schema: JsonSchema | undefined = root === undefined ? undefined : resolveSchema(root, root);
  let rest = key;
  for (;;) {
    if (root !== undefined && isDeclaredName(root, schema, rest)) {
      path.push(rest);
      return { path, schema: propertySchema(root, schema, rest) };
    }
    const dot = rest.indexOf('.');
    const segment = dot < 0 ? rest : rest.slice(0, dot);
    if (segment === '') return { problem: `argument "${key}": empty name segment` };
    path.push(segment);
    schema = root === undefined ? undefined : propertySchema(root, schema, segment);
    if (dot < 0) return { path, schema };
    rest = rest.slice(dot + 1);
  }
}

// Argument names are user text: `__proto__` must become a plain own property, never reach the
// prototype chain.
function ownValue(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

class ArgumentAssembler {
  readonly value: Record<string, unknown> = {};
  /** Paths set by words so far: only these are appended to when repeated. */
  private readonly setByWord = new Set<string>();

  merge(object: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(object)) setOwn(this.value, key, value);
  }

  /** Sets `value` at `path`; returns a problem when an earlier value is in the way. */
  set(key: string, path: string[], value: unknown, append: 'item' | 'array' | false): string | undefined {
    let node = this.value;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i];
      const next = ownValue(node, segment);
      if (next === undefined) setOwn(node, segment, {});
      else if (!isRecord(next)) {
        return `argument "${key}": "${path.slice(0, i + 1).join('.')}" is already set to a value that is not an object`;
      }
      node = ownValue(node, segment) as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    const id = path.join('\u0000');
    const previous = ownValue(node, last);
    if (append !== false && this.setByWord.has(id) && Array.isArray(previous)) {
      setOwn(node, last, append === 'item' ? [...previous, value] : [...previous, ...(value as unknown[])]);
    } else {
      setOwn(node, last, append === 'item' ? [value] : value);
    }
    this.setByWord.add(id);
    return undefined;
  }
}

/**
 * Reads every source and returns the arguments object, typed by `schema` (the tool's
 * inputSchema; undefined when unknown: values then stay strings). Throws one usage error
 * listing every problem found (bad words, invalid JSON, unreadable files, stdin used twice).
 */
export async function buildArguments(
  sources: ArgSources,
  schema: JsonSchema | undefined,
  where?: ToolWhere,
): Promise<Record<string, unknown>> {
  const problems: string[] = [];
  const words = sources.words.map(parseWord);
  for (const word of words) if (word.kind === 'invalid') problems.push(word.problem);

  const stdinUsers = [
    ...(sources.argsFile === '-' ? ['--args-file -'] : []),
    ...words.filter((w) => w.kind === 'stdin-object').map(() => '-'),
    ...words.filter((w): w is Assign => w.kind === 'assign' && w.source.kind === 'stdin').map((w) => w.word),
  ];
  if (stdinUsers.length > 1) {
    problems.push(
      `standard input can be read only once, but ${stdinUsers.map((u) => `"${u}"`).join(' and ')} all read it`,
    );
  }
  const stdinAllowed = stdinUsers.length <= 1;

  const readStdin = async (label: string): Promise<string | undefined> => {
    if (!stdinAllowed) return undefined;
    try {
      return await sources.readStdin();
    } catch (err) {
      problems.push(`${label}: cannot read standard input (${describeError(err)})`);
      return undefined;
    }
  };
  const readFile = async (path: string, label: string): Promise<string | undefined> => {
    try {
      const content = await sources.readFile(resolve(sources.cwd, path));
      return typeof content === 'string' ? content : content.toString('utf8');
    } catch (err) {
      problems.push(`${label}: cannot read file "${path}" (${describeError(err)})`);
      return undefined;
    }
  };

  const assembler = new ArgumentAssembler();
  if (sources.argsFile !== undefined) {
    const label = `--args-file ${sources.argsFile}`;
    const text = sources.argsFile === '-' ? await readStdin(label) : await readFile(sources.argsFile, label);
    const object = text === undefined ? undefined : jsonObject(text, label, problems);
    if (object) assembler.merge(object);
  }
  if (sources.argsJson !== undefined) {
    const object = jsonObject(sources.argsJson, '--args', problems);
    if (object) assembler.merge(object);
  }
  if (words.some((w) => w.kind === 'stdin-object')) {
    const text = await readStdin('-');
    const object = text === undefined ? undefined : jsonObject(text, 'JSON on standard input (-)', problems);
    if (object) assembler.merge(object);
  }

  for (const word of words) {
    if (word.kind !== 'assign') continue;
    const located = propertyPath(word.key, schema);
    if ('problem' in located) {
      problems.push(located.problem);
      continue;
    }
    const label = `argument "${word.key}"`;
    const text = await sourceText(word.source, label, readStdin, readFile);
    if (text === undefined) continue;
    let value: unknown;
    let append: 'item' | 'array' | false = false;
    if (word.raw) {
      try {
        value = JSON.parse(text);
      } catch (err) {
        problems.push(`${label}: invalid JSON after ":=" (${describeError(err)})`);
        continue;
      }
      if (Array.isArray(value)) append = 'array';
    } else {
      const coerced = coerceText(text, located.schema, schema ?? true, { fromFile: word.source.kind !== 'text' });
      if (!coerced.ok) {
        problems.push(`${label}: ${coerced.problem}`);
        continue;
      }
      value = coerced.value;
      append = coerced.item ? 'item' : Array.isArray(value) ? 'array' : false;
    }
    // Only array-typed properties collect repeats (bare items come only from those); for any
    // other key, including every key when there is no schema, a repeat replaces.
    if (append === 'array' && !(schema !== undefined && typesOf(schema, located.schema)?.has('array'))) append = false;
    const problem = assembler.set(word.key, located.path, value, append);
    if (problem !== undefined) problems.push(problem);
  }

  if (problems.length > 0) throw argumentsError(problems, where);
  return assembler.value;
}

async function sourceText(
  source: ValueSource,
  label: string,
  readStdin: (label: string) => Promise<string | undefined>,
  readFile: (path: string, label: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  switch (source.kind) {
    case 'text':
      return source.text;
    case 'stdin':
      return readStdin(label);
    case 'file':
      return readFile(source.path, label);
  }
}
