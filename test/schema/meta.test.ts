// generated/meta/*.ts are built from ajv's meta-schemas in every build: they must judge a tool
// schema exactly as a fresh ajv instance's validateSchema does (same errors).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { META_FILES } from '../../src/schema/meta-codegen.js';
import { addFormats, AJV_OPTIONS, compileSchema, type Draft } from '../../src/schema/compile.js';
import { validate as draft07 } from '../../generated/meta/draft-07.js';
import { validate as draft2019 } from '../../generated/meta/draft-2019-09.js';
import { validate as draft2020 } from '../../generated/meta/draft-2020-12.js';

type Check = { (schema: unknown): boolean; errors?: ErrorObject[] | null };
const GENERATED: Record<Draft, Check> = {
  'draft-07': draft07 as Check,
  '2019-09': draft2019 as Check,
  '2020-12': draft2020 as Check,
};
const ENGINES = { 'draft-07': Ajv, '2019-09': Ajv2019, '2020-12': Ajv2020 } as const;
const DRAFTS = Object.keys(META_FILES) as Draft[];

const SCHEMAS: unknown[] = [
  { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  {
    type: 'object',
    properties: {
      n: { type: 'integer', minimum: 1, maximum: 9 },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    },
  },
  { type: 'strin' },
  { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } } },
  { type: 'object', required: 'message' },
  { properties: { a: { minLength: -1 } }, additionalProperties: 'no' },
  { anyOf: [], enum: 'x', $defs: { x: { $ref: 7 } } },
  {
    type: 'object',
    properties: { when: { type: 'string', format: 'date-time' }, re: { type: 'string', pattern: '(' } },
  },
  { prefixItems: [{ type: 'string' }], unevaluatedProperties: false, dependentRequired: { a: ['b'] } },
  { $anchor: 'x', $dynamicAnchor: 'meta', if: { const: 1 }, then: true, else: false },
  {},
];

test('each generated meta-schema validator reports what a fresh ajv instance reports', () => {
  for (const draft of DRAFTS) {
    const ajv = new ENGINES[draft](AJV_OPTIONS);
    addFormats(ajv);
    for (const schema of SCHEMAS) {
      const expected = ajv.validateSchema(schema as object);
      const check = GENERATED[draft];
      assert.equal(check(schema), expected, `${draft}: ${JSON.stringify(schema)}`);
      assert.deepEqual(check.errors ?? null, ajv.errors ?? null, `${draft}: ${JSON.stringify(schema)}`);
    }
  }
});

test("an invalid tool schema is refused with ajv's words, under each draft", () => {
  const refused = compileSchema({ type: 'object', properties: { n: { type: 'strin' } } });
  assert.equal(refused.ok, false);
  assert.match(
    refused.ok ? '' : refused.reason,
    /^invalid schema: \/properties\/n\/type must be equal to one of the allowed values/,
  );
  const older = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', required: 'n' });
  assert.equal(older.ok, false);
  assert.match(older.ok ? '' : older.reason, /^invalid schema: \/required must be array/);
  const fine = compileSchema({ type: 'object', properties: { n: { type: 'integer' } } });
  assert.equal(fine.ok, true);
  assert.deepEqual(fine.ok && fine.check({ n: 'x' }).valid, false);
});
