// Turns the text of one `key=value` word (or an `@file`'s content) into a JSON value typed by the
// property's schema. Rules, in order (the README repeats them for users):
//  1. No schema, or a schema that names no type: the text stays a string.
//  2. `enum`/`const`: a text equal to an allowed value's spelling becomes that value, of its type
//     (`level=2` with enum [1,2,3] is the number 2; with enum ["1","2"] the string "2").
//  3. When `string` is allowed, the text stays a string unless another allowed type spells it
//     exactly as JSON does: `null`, `true`/`false`, a JSON number (so for ["number","string"]
//     `7` is 7 and `007` stays "007"), a JSON array or object text. A string-only property never
//     changes: `zip=01234` and `id=123` stay strings.
//  4. Without `string`: numbers are read leniently (`+5`, `.5`, `1e3`), booleans case-insensitively;
//     an array takes a JSON array text or a bare value as one item (repeats append, see build.ts);
//     an object takes JSON. Text that fits no type is kept as text: the validator reports it
//     naming the argument, what it wants and what it got.
// File contents (`key=@file`) are kept verbatim when `string` is allowed; otherwise they are JSON.

import { itemSchema, literalsOf, typesOf, type JsonSchema, type JsonType } from '../schema/navigate.js';

export type Coerced =
  /** `item: true` marks a bare value for an array property: repeats of the key append it. */
  | { ok: true; value: unknown; item?: boolean }
  /** A problem worth stopping for before validation (invalid JSON where only JSON can fit). */
  | { ok: false; problem: string };

export interface CoerceOptions {
  /** The text is a file's (or stdin's) content rather than typed on the command line. */
  fromFile?: boolean;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LENIENT_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** How a literal is typed on a command line: strings as themselves, the rest as JSON. */
function spelling(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

function numberFrom(text: string, strict: boolean, integerOnly: boolean): Coerced | undefined {
  if (!(strict ? JSON_NUMBER : LENIENT_NUMBER).test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  if (integerOnly && !Number.isInteger(value)) return strict ? undefined : { ok: true, value };
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && /^-?\d+$/.test(text)) {
    // Sending 12345678901234567890 as a number would silently change its digits; 6.022e23 is
    // written as the floating-point number it is sent as.
    if (strict) return undefined;
    return { ok: false, problem: `${text} is too large to send exactly as a JSON number` };
  }
  return { ok: true, value };
}

/** Coerces `text` for a property whose (already resolved) schema is `schema`, within `root`. */
export function coerceText(
  text: string,
  schema: JsonSchema | undefined,
  root: JsonSchema,
  options: CoerceOptions = {},
): Coerced {
  const types = typesOf(root, schema);
  if (types === undefined) return { ok: true, value: text };
  const allowsString = types.has('string');
  if (options.fromFile) return coerceFile(text, schema, root, types, allowsString);

  const literals = literalsOf(root, schema);
  if (literals !== undefined) {
    const match = literals.find((value) => spelling(value) === text);
    if (match !== undefined) return { ok: true, value: match };
  }
  const strict = allowsString;
  if (types.has('null') && text === 'null') return { ok: true, value: null };
  if (types.has('boolean')) {
    const word = strict ? text : text.toLowerCase();
    if (word === 'true') return { ok: true, value: true };
    if (word === 'false') return { ok: true, value: false };
  }
  if (types.has('integer') || types.has('number')) {
    const number = numberFrom(text, strict, !types.has('number'));
    if (number !== undefined) return number;
  }
  const trimmed = text.trim();
  if (types.has('array') && trimmed.startsWith('[')) {
    const parsed = parseJson(trimmed);
    if (parsed.ok && Array.isArray(parsed.value)) return { ok: true, value: parsed.value };
  }
  if (types.has('object') && trimmed.startsWith('{')) {
    const parsed = parseJson(trimmed);
    if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value)) {
      return { ok: true, value: parsed.value };
    }
    if (!allowsString && !types.has('array')) {
      return { ok: false, problem: `invalid JSON for an object (${parsed.ok ? 'not an object' : parsed.message})` };
    }
  }
  if (allowsString) return { ok: true, value: text };
  if (types.has('array')) {
    const items = itemSchema(root, schema, 0);
    const itemTypes = typesOf(root, items);
    if (trimmed.startsWith('[') && itemTypes !== undefined && !itemTypes.has('string')) {
      const parsed = parseJson(trimmed);
      return { ok: false, problem: `invalid JSON for an array (${parsed.ok ? 'not an array' : parsed.message})` };
    }
    const item = coerceText(text, items, root);
    return item.ok ? { ok: true, value: item.value, item: true } : item;
  }
  return { ok: true, value: text };
}

function coerceFile(
  text: string,
  schema: JsonSchema | undefined,
  root: JsonSchema,
  types: Set<JsonType>,
  allowsString: boolean,
): Coerced {
  if (allowsString) return { ok: true, value: text };
  const parsed = parseJson(text);
  if (parsed.ok) return { ok: true, value: parsed.value };
  if (types.has('array')) {
    // Not a JSON array: the whole content is one item (`file=@a.txt file=@b.txt` for string[]).
    const items = itemSchema(root, schema, 0);
    const item = coerceText(text, items, root, { fromFile: true });
    if (item.ok) return { ok: true, value: item.value, item: true };
    return { ok: false, problem: `content is neither a JSON array nor a valid item (${item.problem})` };
  }
  return { ok: false, problem: `content is not valid JSON (${parsed.message})` };
}
