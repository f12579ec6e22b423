// Compiles a tool's JSON Schema with ajv 8 under the draft the schema names in `$schema`
// (2020-12 when it names none, as MCP specifies), with every format of ajv-formats checked and
// every pattern run by the linear-time engine (linear-regexp.ts), within the limits of limits.ts.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { validate as metaDraft07 } from '../../generated/meta/draft-07.js';
import { validate as metaDraft2019 } from '../../generated/meta/draft-2019-09.js';
import { validate as metaDraft2020 } from '../../generated/meta/draft-2020-12.js';
import { AJV_OPTIONS, addFormats, META_SCHEMA_IDS, type Draft } from './ajv-setup.js';
import { enforceable, type Unenforced } from './enforceable.js';
import { sizeProblem } from './limits.js';
import { linearPattern } from './linear-regexp.js';
import { isSchemaObject, type JsonSchema } from './navigate.js';

export { AJV_OPTIONS, addFormats, type Draft } from './ajv-setup.js';

/** A compiled schema: true when `value` is valid, else the ajv errors (all of them). */
export type SchemaCheck = (value: unknown) => { valid: true } | { valid: false; errors: ErrorObject[] };

/** `unenforced`: the patterns left out because the linear engine cannot run them (to warn about). */
export type Compiled =
  | { ok: true; draft: Draft; check: SchemaCheck; unenforced: Unenforced[] }
  | { ok: false; reason: string };

/**
 * ajv's `code.regExp`: every `pattern` and `patternProperties` key goes to the linear engine.
 * enforceable() has taken out what it cannot run, so what throws here is no regular expression
 * at all, and the schema fails to compile as it did with ajv's own engine. ajv keys its compiled
 * patterns by toString(), hence one per pattern.
 */
const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    const verdict = linearPattern(pattern);
    if (verdict.kind !== 'ok') throw new Error(`pattern ${JSON.stringify(pattern)} is invalid: ${verdict.reason}`);
    return { test: verdict.regexp.test, toString: () => `linear:${pattern}` };
  },
  { code: 'linearRegExp' },
);

/** The draft named by `$schema`, or undefined when it names none (or one we do not know). */
function declaredDraft(schema: JsonSchema): Draft | 'draft-04' | undefined {
  const uri = isSchemaObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (uri.includes('2020-12')) return '2020-12';
  if (uri.includes('2019-09')) return '2019-09';
  if (/draft-0[67]/.test(uri)) return 'draft-07';
  if (/draft-0[34]/.test(uri)) return 'draft-04';
  return undefined;
}

/**
 * The draft a schema is checked under. Draft-06 goes to the draft-07 engine (they read tool
 * schemas the same way); draft-04 too, after rewriting what changed (see fromDraft04).
 */
export function draftOf(schema: JsonSchema): Draft {
  const declared = declaredDraft(schema);
  return declared === undefined ? '2020-12' : declared === 'draft-04' ? 'draft-07' : declared;
}

const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

/** Draft-04's boolean `exclusiveMaximum`/`exclusiveMinimum` and `id`, in draft-07 spelling. */
function fromDraft04(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromDraft04);
  if (!isSchemaObject(node)) return node;
  // Keywords holding data, not schemas, are copied as they are: an `id` inside a default value
  // must stay. fromEntries keeps a property named `__proto__` an own key.
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : fromDraft04(value)]),
  );
  for (const [exclusive, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[bound] === 'number') {
      out[exclusive] = out[bound];
      delete out[bound];
    } else {
      delete out[exclusive];
    }
  }
  // A string `id` is the keyword (a property named id maps to a schema object, not a string).
  if (typeof out.id === 'string' && out.$id === undefined) {
    out.$id = out.id;
    delete out.id;
  }
  return out;
}

/**
 * Each draft's meta-schema, compiled ahead of time by meta-codegen.ts (in the build, into
 * generated/). ajv checks every schema against it before compiling, and compiled it afresh in
 * every new instance (~20 ms); given the ready validator it only runs it.
 */
const META: Record<Draft, ValidateFunction> = {
  'draft-07': metaDraft07 as unknown as ValidateFunction,
  '2019-09': metaDraft2019 as unknown as ValidateFunction,
  '2020-12': metaDraft2020 as unknown as ValidateFunction,
};

function newAjv(draft: Draft): Ajv | Ajv2019 | Ajv2020 {
  // strictSchema stays off (strict: false): under it ajv tests `properties` names against each
  // patternProperties key while compiling, with the built-in engine.
  // multipleOfPrecision: 0.07 / 0.01 is 7.000000000000001 in binary floating point; a quotient
  // within 1e-9 of an integer counts as one, as the servers' own validators count it.
  const options = { ...AJV_OPTIONS, multipleOfPrecision: 9, code: { regExp: linearRegExp } };
  const ajv =
    draft === '2020-12' ? new Ajv2020(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  // ajv.schemas is ajv's internal registry (ajv is pinned; test/deps/internals.test.ts checks it).
  const meta = ajv.schemas[META_SCHEMA_IDS[draft]];
  if (meta !== undefined) meta.validate = META[draft];
  return ajv;
}

/** An ajv compile failure in a few words: its distinct messages, at most three. */
function compileFailure(err: unknown, ajvErrors: ErrorObject[] | null | undefined): string {
  if (ajvErrors != null && ajvErrors.length > 0) {
    const distinct = [...new Set(ajvErrors.map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`))];
    const more = distinct.length > 3 ? ` and ${distinct.length - 3} more` : '';
    return `invalid schema: ${distinct.slice(0, 3).join('; ')}${more}`;
  }
  return err instanceof Error ? err.message : String(err);
}

function compileAs(draft: Draft, schema: JsonSchema): Compiled {
  const ajv = newAjv(draft);
  const { schema: checked, unenforced } = enforceable(schema);
  try {
    const validate = ajv.compile(checked);
    const check: SchemaCheck = (value) =>
      validate(value) ? { valid: true } : { valid: false, errors: [...(validate.errors ?? [])] };
    return { ok: true, draft, check, unenforced };
  } catch (err) {
    // A schema that breaks its meta-schema leaves the details on the instance, not the error.
    return { ok: false, reason: compileFailure(err, ajv.errors) };
  }
}

/**
 * Compiles `schema` in a fresh ajv instance (a schema's `$id` may not be registered twice in
 * one instance, and a command compiles only a schema or two). Never throws. A schema that
 * names no draft is 2020-12, as MCP says; many servers still emit draft-07 without saying so
 * (tuple `items` arrays, `definitions`), so when 2020-12 rejects it, draft-07 gets a try.
 */
export function compileSchema(schema: JsonSchema): Compiled {
  const tooBig = sizeProblem(schema);
  if (tooBig !== undefined) return { ok: false, reason: `the schema is ${tooBig}` };
  const declared = declaredDraft(schema);
  // The draft is already chosen; dropping `$schema` spares ajv from looking up meta-schema URIs
  // it spells differently (with or without `#`, http or https).
  let target: JsonSchema = schema;
  if (isSchemaObject(schema) && '$schema' in schema) {
    const { $schema: _ignored, ...rest } = schema;
    target = rest;
  }
  if (declared === 'draft-04') return compileAs('draft-07', fromDraft04(target) as JsonSchema);
  if (declared !== undefined) return compileAs(declared, target);
  const modern = compileAs('2020-12', target);
  if (modern.ok) return modern;
  const older = compileAs('draft-07', target);
  return older.ok ? older : modern;
}
