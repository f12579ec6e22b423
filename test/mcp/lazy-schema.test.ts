// src/mcp/session/lazy-schema.ts stands in for each of the SDK's public zod schemas in the bundle
// (scripts/bundle.mjs, lazySdkSchemas): nothing is built before first use, and a schema made of
// stand-ins, the way the SDK's schemas are made of each other, judges every value as the same
// schema built at once. zod is the SDK's own copy (a dependency of the SDK).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as z from 'zod/v4';
import { lazySchema } from '../../src/mcp/session/lazy-schema.js';

/** The SDK's way of building: schemas that extend, wrap and refer to one another. */
function schemas(wrap: <T extends object>(build: () => T) => T) {
  const Json: z.ZodType = wrap(() =>
    z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)])),
  );
  const Base = wrap(() => z.looseObject({ name: z.string(), title: z.string().optional() }));
  const Tool = wrap(() =>
    Base.extend({
      inputSchema: z.object({ type: z.literal('object'), properties: z.record(z.string(), Json).optional() }),
      annotations: z.object({ readOnlyHint: z.boolean().optional() }).optional(),
    }),
  );
  const Text = wrap(() => z.object({ type: z.literal('text'), text: z.string() }));
  const Image = wrap(() => z.object({ type: z.literal('image'), data: z.base64(), mimeType: z.string() }));
  const Content = wrap(() => z.discriminatedUnion('type', [Text, Image]));
  const Result = wrap(() =>
    z.object({ content: z.array(Content).default([]), tools: z.array(Tool).optional(), meta: Json.optional() }),
  );
  return { Tool, Content, Result };
}

const VALUES: unknown[] = [
  { name: 'echo', inputSchema: { type: 'object' } },
  { name: 'echo', inputSchema: { type: 'object', properties: { a: { type: 'string' } } }, extra: 1 },
  { name: 1, inputSchema: { type: 'object' } },
  { name: 'echo', inputSchema: { type: 'array' } },
  { type: 'text', text: 'hi' },
  { type: 'image', data: 'aGk=', mimeType: 'image/png' },
  { type: 'image', data: 'not base64!', mimeType: 'image/png' },
  { type: 'audio' },
  { content: [{ type: 'text', text: 'a' }], meta: { deep: [1, 'x', null, { y: true }] } },
  { tools: [{ name: 'x', inputSchema: { type: 'object' } }] },
  { content: 'no', tools: [{ name: 'x' }] },
  {},
  null,
  'text',
];

test('nothing is built until first use, and then once', () => {
  let builds = 0;
  const schema = lazySchema(() => {
    builds++;
    return z.object({ a: z.string() });
  });
  const composed = z.object({ inner: schema }).optional();
  assert.equal(builds, 0);
  assert.equal(composed.safeParse({ inner: { a: 'x' } }).success, true);
  assert.equal(schema.safeParse({ a: 1 }).success, false);
  assert.equal(builds, 1);
});

test('schemas made of stand-ins judge every value as the same schemas built at once', () => {
  const eager = schemas((build) => build());
  const lazy = schemas(lazySchema);
  for (const key of ['Tool', 'Content', 'Result'] as const) {
    for (const value of VALUES) {
      const a = eager[key].safeParse(value);
      const b = lazy[key].safeParse(value);
      assert.deepEqual(b, a, `${key} on ${JSON.stringify(value)}`);
    }
  }
  assert.throws(() => lazy.Tool.parse({ name: 2 }), z.ZodError);
});

test('a stand-in answers as its schema to type checks and reflection', () => {
  const eager = schemas((build) => build());
  const lazy = schemas(lazySchema);
  assert.ok(lazy.Tool instanceof z.ZodObject);
  assert.ok('~standard' in lazy.Tool);
  assert.deepEqual(Object.keys(lazy.Tool), Object.keys(eager.Tool));
  assert.deepEqual(Object.keys(lazy.Tool.shape).sort(), Object.keys(eager.Tool.shape).sort());
  assert.deepEqual(z.toJSONSchema(lazy.Content), z.toJSONSchema(eager.Content));
  assert.deepEqual(lazy.Tool['~standard'].validate({ name: 'x', inputSchema: { type: 'object' } }), {
    value: { name: 'x', inputSchema: { type: 'object' } },
  });
});
