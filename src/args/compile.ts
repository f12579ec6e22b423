// Compiles a tool's JSON Schema with ajv 8 under the draft the schema names in `$schema`
// (2020-12 when it names none, as MCP specifies), with every format of ajv-formats checked.

import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isSchemaObject, type JsonSchema } from './schema.js';

export type Draft = 'draft-07' | '2019-09' | '2020-12';

/** A compiled schema: true when `value` is valid, else the ajv errors (all of them). */
export type SchemaCheck = (value: unknown) => { valid: true } | { valid: false; errors: ErrorObject[] };

export type Compiled = { ok: true; draft: Draft; check: SchemaCheck } | { ok: false; reason: string };

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, which is the
// plugin function at run time although the type declarations describe it as `.default`.
type FormatsPlugin = typeof addFormatsModule.default;
const loaded: unknown = addFormatsModule;
const addFormats: FormatsPlugin =
  typeof loaded === 'function' ? (loaded as FormatsPlugin) : (loaded as { default: FormatsPlugin }).default;

/**
 * The draft a schema declares. Draft-04 and -06 schemas go to the draft-07 engine, which reads
 * them the same way in nearly every tool schema; where they differ (draft-04's boolean
 * `exclusiveMaximum`), compilation fails and the caller skips validation with a warning.
 */
export function draftOf(schema: JsonSchema): Draft {
  const uri = isSchemaObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (uri.includes('2019-09')) return '2019-09';
  if (/draft-0[3-7]/.test(uri)) return 'draft-07';
  return '2020-12';
}

function newAjv(draft: Draft): Ajv | Ajv2019 | Ajv2020 {
  // strict:false accepts the vendor keywords tool schemas carry; logger:false keeps ajv from
  // writing to the console (nothing under src/ may); verbose gives each error its data and schema.
  const options = { allErrors: true, strict: false, logger: false as const, verbose: true };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : draft === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/**
 * Compiles `schema` in a fresh ajv instance (a schema's `$id` may not be registered twice in
 * one instance, and a command compiles only a schema or two). Never throws.
 */
export function compileSchema(schema: JsonSchema): Compiled {
  const draft = draftOf(schema);
  // The draft is already chosen; dropping `$schema` spares ajv from looking up meta-schema URIs
  // it spells differently (with or without `#`, http or https).
  let target: JsonSchema = schema;
  if (isSchemaObject(schema) && '$schema' in schema) {
    const { $schema: _ignored, ...rest } = schema;
    target = rest;
  }
  try {
    const validate = newAjv(draft).compile(target);
    const check: SchemaCheck = (value) => (validate(value) ? { valid: true } : { valid: false, errors: [...(validate.errors ?? [])] });
    return { ok: true, draft, check };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
