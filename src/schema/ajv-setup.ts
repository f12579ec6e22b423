// The ajv options and formats every tool-schema engine is made with. Kept apart from compile.ts
// so that the code generator (meta-codegen.ts) can use them before the generated code exists.

import addFormatsModule from 'ajv-formats';

export type Draft = 'draft-07' | '2019-09' | '2020-12';

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, which is the
// plugin function at run time although the type declarations describe it as `.default`.
type FormatsPlugin = typeof addFormatsModule.default;
const loaded: unknown = addFormatsModule;
export const addFormats: FormatsPlugin =
  typeof loaded === 'function' ? (loaded as FormatsPlugin) : (loaded as { default: FormatsPlugin }).default;

/**
 * strict:false accepts the vendor keywords tool schemas carry; logger:false keeps ajv from
 * writing to the console (nothing under src/ may); verbose gives each error its data and schema.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, logger: false as const, verbose: true };

/** The id ajv registers each draft's meta-schema under. */
export const META_SCHEMA_IDS: Record<Draft, string> = {
  'draft-07': 'http://json-schema.org/draft-07/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};
