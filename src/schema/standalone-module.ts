// ajv's standalone code for one validator, as the text of an ES module under generated/: the
// build writes the meta-schema validators (meta-codegen.ts) and the config's server validator
// (config/validator-codegen.ts) through it.

import standalone from 'ajv/dist/standalone/index.js';

type CompiledBy = Parameters<typeof standalone.default>[0];
type Validator = Extract<Parameters<typeof standalone.default>[1], (...args: never[]) => unknown>;

const RUNTIME = /const (\w+) = require\("ajv\/dist\/runtime\/(\w+)"\)\.default;/g;

/** `header` (comment lines: where the file comes from), then `validate`, compiled with `code: { source, esm }`. */
export function standaloneModule(ajv: CompiledBy, validate: Validator, header: string[]): string {
  const imports: string[] = [];
  // ajv writes its runtime helpers as require() even in ESM output: import them instead.
  const code = standalone.default(ajv, validate).replace(RUNTIME, (_: string, local: string, helper: string) => {
    imports.push(`import ${local}Module from 'ajv/dist/runtime/${helper}.js';`);
    return `const ${local} = ${local}Module.default;`;
  });
  return [
    ...header,
    '// @ts-nocheck',
    '/* eslint-disable */',
    ...imports,
    code.replace(/^"use strict";\s*/, ''),
    '',
  ].join('\n');
}
