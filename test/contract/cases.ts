// The cases diff must judge by meaning (issue 19 §2), each a pair of contracts with the class it
// must come out as: used in-process (diff.test.ts) and as snapshot files through the real
// `mcpctl diff` (meaning.test.ts).

import type { Prompt, Tool } from '@modelcontextprotocol/client';
import { CONTRACT_FORMAT, type Contract } from '../../src/contract/snapshot.js';

export interface MeaningCase {
  name: string;
  class: 'breaking' | 'compatible';
  /** A change the diff must list (path and message), or none at all when absent. */
  listed?: { path: string; message: RegExp };
  old: Contract;
  new: Contract;
}

type Schema = Record<string, unknown>;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

function contract(parts: { tool?: Partial<Tool>; prompt?: Prompt; templates?: string[] }): Contract {
  return {
    format: CONTRACT_FORMAT,
    server: { name: 'shop', version: '1.0.0' },
    capabilities: { tools: {}, prompts: {}, resources: {} },
    tools: parts.tool ? [{ name: 'order', inputSchema: { type: 'object' }, ...parts.tool } as Tool] : [],
    resources: [],
    resourceTemplates: (parts.templates ?? []).map((uriTemplate) => ({ uriTemplate, name: 'order' })),
    prompts: parts.prompt ? [parts.prompt] : [],
  };
}

/** A case on the input schema of one tool. */
function input(
  name: string,
  cls: MeaningCase['class'],
  old: Schema,
  now: Schema,
  listed?: MeaningCase['listed'],
): MeaningCase {
  return {
    name,
    class: cls,
    listed,
    old: contract({ tool: { inputSchema: { type: 'object', ...old } as Tool['inputSchema'] } }),
    new: contract({ tool: { inputSchema: { type: 'object', ...now } as Tool['inputSchema'] } }),
  };
}

/** A case on one input property `p`. */
function prop(
  name: string,
  cls: MeaningCase['class'],
  old: Schema,
  now: Schema,
  listed?: MeaningCase['listed'],
): MeaningCase {
  return input(name, cls, { properties: { p: old } }, { properties: { p: now } }, listed);
}

const IN = 'tools.order.inputSchema';

export const MEANING_CASES: MeaningCase[] = [
  prop(
    'additionalProperties added',
    'breaking',
    { type: 'object' },
    { type: 'object', additionalProperties: { type: 'string' } },
    {
      path: `${IN}.properties.p.additionalProperties`,
      message: /extra properties must now match a schema/,
    },
  ),
  prop(
    'additionalProperties narrowed',
    'breaking',
    { type: 'object', additionalProperties: { type: ['string', 'number'] } },
    { type: 'object', additionalProperties: { type: 'string' } },
    { path: `${IN}.properties.p.additionalProperties.type`, message: /type narrowed from number\|string to string/ },
  ),
  input(
    'a property declared where extra properties had a schema, narrower than it',
    'breaking',
    { additionalProperties: { type: 'string' } },
    { properties: { b: { type: 'string', maxLength: 3 } }, additionalProperties: { type: 'string' } },
    { path: `${IN}.properties.b.maxLength`, message: /maxLength 3 added/ },
  ),
  input(
    'additionalProperties set to false',
    'breaking',
    { properties: { a: { type: 'string' } } },
    { properties: { a: { type: 'string' } }, additionalProperties: false },
    {
      path: `${IN}.additionalProperties`,
      message: /extra properties are no longer accepted/,
    },
  ),
  input(
    'a draft-07 tuple items: [...] added',
    'breaking',
    { $schema: DRAFT_07, properties: { p: { type: 'array' } } },
    { $schema: DRAFT_07, properties: { p: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } } },
    { path: `${IN}.properties.p.items[0]`, message: /a schema now restricts values that were all accepted/ },
  ),
  input(
    'required gaining a declared name',
    'breaking',
    { properties: { a: { type: 'string' } } },
    { properties: { a: { type: 'string' } }, required: ['a'] },
    {
      path: `${IN}.required`,
      message: /input property "a" became required$/,
    },
  ),
  input(
    'required gaining an undeclared name',
    'breaking',
    { properties: { a: { type: 'string' } } },
    { properties: { a: { type: 'string' } }, required: ['b'] },
    {
      path: `${IN}.required`,
      message: /input property "b" became required \(not declared in properties\)/,
    },
  ),
  {
    name: "a tool's execution.taskSupport becoming required",
    class: 'breaking',
    listed: { path: 'tools.order.execution', message: /"optional".*"required"/ },
    old: contract({ tool: { execution: { taskSupport: 'optional' } } }),
    new: contract({ tool: { execution: { taskSupport: 'required' } } }),
  },
  {
    name: 'an output property leaving required',
    class: 'breaking',
    listed: { path: 'tools.order.outputSchema.required', message: /output property "id" is no longer always present/ },
    old: contract({
      tool: { outputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
    }),
    new: contract({ tool: { outputSchema: { type: 'object', properties: { id: { type: 'string' } } } } }),
  },
  {
    name: 'a prompt argument becoming required',
    class: 'breaking',
    listed: { path: 'prompts.complain.arguments.tone', message: /argument "tone" became required/ },
    old: contract({ prompt: { name: 'complain', arguments: [{ name: 'tone' }] } }),
    new: contract({ prompt: { name: 'complain', arguments: [{ name: 'tone', required: true }] } }),
  },
  {
    name: "a resource template's variables changed",
    class: 'breaking',
    listed: { path: 'resourceTemplates["shop://orders/{id}"]', message: /variables id → orderId/ },
    old: contract({ templates: ['shop://orders/{id}'] }),
    new: contract({ templates: ['shop://orders/{orderId}'] }),
  },
  prop(
    'multipleOf added',
    'breaking',
    { type: 'number' },
    { type: 'number', multipleOf: 5 },
    {
      path: `${IN}.properties.p.multipleOf`,
      message: /multipleOf 5 added/,
    },
  ),
  prop(
    'multipleOf changed',
    'breaking',
    { type: 'number', multipleOf: 2 },
    { type: 'number', multipleOf: 3 },
    {
      path: `${IN}.properties.p.multipleOf`,
      message: /changed from 2 to 3/,
    },
  ),
  prop(
    'minimum raised',
    'breaking',
    { type: 'number', minimum: 1 },
    { type: 'number', minimum: 2 },
    {
      path: `${IN}.properties.p.minimum`,
      message: /minimum raised from 1 to 2/,
    },
  ),
  prop(
    'a pattern changed (cannot be decided)',
    'breaking',
    { type: 'string', pattern: '^a' },
    { type: 'string', pattern: '^b' },
    {
      path: `${IN}.properties.p.pattern`,
      message: /cannot tell .* so it counts as breaking/,
    },
  ),
  input(
    'a $ref/$defs refactor accepting the same values',
    'compatible',
    { properties: { p: { type: 'string', minLength: 1 } } },
    { $defs: { Name: { type: 'string', minLength: 1 } }, properties: { p: { $ref: '#/$defs/Name' } } },
  ),
  input(
    'a $ref with a description beside it, for the same values',
    'compatible',
    { properties: { p: { type: 'string', description: 'the name' } } },
    { $defs: { Name: { type: 'string' } }, properties: { p: { $ref: '#/$defs/Name', description: 'the name' } } },
  ),
  prop(
    'a property that is no schema, changed',
    'breaking',
    'string' as unknown as Schema,
    'number' as unknown as Schema,
    {
      path: `${IN}.properties.p`,
      message: /no JSON Schema .* counts as breaking/,
    },
  ),
  input(
    'a $defs rename accepting the same values',
    'compatible',
    { definitions: { A: { type: 'integer' } }, properties: { p: { $ref: '#/definitions/A' } } },
    { $defs: { B: { type: 'integer' } }, properties: { p: { $ref: '#/$defs/B' } } },
  ),
  input(
    'a recursive $defs renamed',
    'compatible',
    {
      $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
      properties: { p: { $ref: '#/$defs/Node' } },
    },
    {
      $defs: { Tree: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Tree' } } } } },
      properties: { p: { $ref: '#/$defs/Tree' } },
    },
  ),
  prop(
    'anyOf widened',
    'compatible',
    { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    {
      path: `${IN}.properties.p.anyOf`,
      message: /anyOf changed: every value accepted before still is \(2 alternatives before, 3 now\)/,
    },
  ),
  prop(
    'a type list written as anyOf',
    'compatible',
    { type: ['string', 'null'] },
    { anyOf: [{ type: 'null' }, { type: 'string' }] },
  ),
  prop(
    'anyOf narrowed',
    'breaking',
    { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    { anyOf: [{ type: 'string' }, { type: 'null' }] },
    {
      path: `${IN}.properties.p.anyOf`,
      message: /every value accepted now was accepted before, and mcpctl cannot show the reverse/,
    },
  ),
  prop(
    'a schema wrapped in a one-member allOf',
    'compatible',
    { type: 'string', maxLength: 9 },
    { allOf: [{ type: 'string', maxLength: 9 }] },
  ),
  input(
    'allOf of two $refs merged: the same values',
    'compatible',
    { properties: { p: { type: 'string', minLength: 2, maxLength: 9 } } },
    {
      $defs: { Short: { maxLength: 9 }, Named: { type: 'string', minLength: 2 } },
      properties: { p: { allOf: [{ $ref: '#/$defs/Named' }, { $ref: '#/$defs/Short' }] } },
    },
  ),
  input(
    'allOf merged, and narrower',
    'breaking',
    { properties: { p: { type: 'string', maxLength: 9 } } },
    { properties: { p: { allOf: [{ type: 'string', maxLength: 9 }, { minLength: 3 }] } } },
    { path: `${IN}.properties.p.minLength`, message: /minLength 3 added/ },
  ),
  prop('enum: [a] to const: a', 'compatible', { enum: ['a'] }, { const: 'a' }),
  prop('const: a to enum: [a]', 'compatible', { const: 'a' }, { enum: ['a'] }),
  prop(
    'x-* keywords changed',
    'compatible',
    { type: 'string', 'x-order': 1 },
    { type: 'string', 'x-order': 2, 'x-hidden': true },
  ),
  // Annotations: compatible, and listed.
  ...(['default', 'description'] as const).map((key) =>
    prop(
      `a ${key} changed`,
      'compatible',
      { type: 'string', [key]: 'a' },
      { type: 'string', [key]: 'b' },
      {
        path: `${IN}.properties.p`,
        message: new RegExp(`^${key} changed$`),
      },
    ),
  ),
];
