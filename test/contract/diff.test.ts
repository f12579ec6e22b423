// diffContracts: one case per kind of change, each classified as the README says; and the cases
// judged by meaning (cases.ts), in-process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffContracts, type Change } from '../../src/contract/diff.js';
import { CONTRACT_FORMAT, type Contract } from '../../src/contract/snapshot.js';
import { MEANING_CASES } from './cases.js';

function base(): Contract {
  return {
    format: CONTRACT_FORMAT,
    server: { name: 'shop', version: '1.0.0' },
    capabilities: { tools: {}, prompts: {}, resources: {} },
    tools: [
      {
        name: 'order',
        description: 'Places an order',
        inputSchema: {
          type: 'object',
          properties: {
            item: { type: 'string', minLength: 1, maxLength: 40 },
            count: { type: 'number', minimum: 1, maximum: 10 },
            size: { type: 'string', enum: ['S', 'M', 'L'] },
            note: { type: 'string' },
          },
          required: ['item'],
        },
        outputSchema: {
          type: 'object',
          properties: { id: { type: 'string' }, total: { type: 'number' } },
          required: ['id', 'total'],
        },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
      },
      {
        name: 'lookup',
        description: 'Finds an order',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ],
    resources: [{ uri: 'shop://catalog', name: 'catalog' }],
    resourceTemplates: [{ uriTemplate: 'shop://orders/{id}', name: 'order' }],
    prompts: [{ name: 'complain', arguments: [{ name: 'about', required: true }, { name: 'tone' }] }],
  };
}

type Tool = Contract['tools'][number];
const order = (c: Contract): Tool => c.tools.find((t) => t.name === 'order')!;
const props = (c: Contract) => order(c).inputSchema.properties as Record<string, Record<string, unknown>>;

/** The one change `mutate` makes to the base contract. */
async function only(mutate: (c: Contract) => void): Promise<Change> {
  const after = base();
  mutate(after);
  const changes = await diffContracts(base(), after);
  assert.equal(changes.length, 1, JSON.stringify(changes, null, 2));
  return changes[0]!;
}

const cases: [string, 'breaking' | 'compatible', string, RegExp, (c: Contract) => void][] = [
  [
    'a tool removed',
    'breaking',
    'tools.lookup',
    /tool "lookup" removed/,
    (c) => {
      c.tools = c.tools.filter((t) => t.name !== 'lookup');
    },
  ],
  [
    'a prompt removed',
    'breaking',
    'prompts.complain',
    /prompt "complain" removed/,
    (c) => {
      c.prompts = [];
    },
  ],
  [
    'a resource template removed',
    'breaking',
    'resourceTemplates["shop://orders/{id}"]',
    /resource template .* removed/,
    (c) => {
      c.resourceTemplates = [];
    },
  ],
  [
    'a required input property added',
    'breaking',
    'tools.order.inputSchema.properties.coupon',
    /required input property "coupon" added/,
    (c) => {
      props(c).coupon = { type: 'string' };
      (order(c).inputSchema.required as string[]).push('coupon');
    },
  ],
  [
    'an input property removed',
    'breaking',
    'tools.order.inputSchema.properties.note',
    /input property "note" removed/,
    (c) => void delete props(c).note,
  ],
  [
    'an input property became required',
    'breaking',
    'tools.order.inputSchema.required',
    /"note" became required/,
    (c) => void (order(c).inputSchema.required as string[]).push('note'),
  ],
  [
    'an input type narrowed',
    'breaking',
    'tools.order.inputSchema.properties.count.type',
    /narrowed from number to integer/,
    (c) => {
      props(c).count!.type = 'integer';
    },
  ],
  [
    'an enum value removed',
    'breaking',
    'tools.order.inputSchema.properties.size.enum',
    /value "L" no longer accepted/,
    (c) => {
      props(c).size!.enum = ['S', 'M'];
    },
  ],
  [
    'a maximum tightened',
    'breaking',
    'tools.order.inputSchema.properties.count.maximum',
    /maximum lowered from 10 to 5/,
    (c) => {
      props(c).count!.maximum = 5;
    },
  ],
  [
    'a minLength tightened',
    'breaking',
    'tools.order.inputSchema.properties.item.minLength',
    /minLength raised from 1 to 3/,
    (c) => {
      props(c).item!.minLength = 3;
    },
  ],
  [
    'a pattern added',
    'breaking',
    'tools.order.inputSchema.properties.note.pattern',
    /pattern "\^\[a-z\]\+\$" added/,
    (c) => {
      props(c).note!.pattern = '^[a-z]+$';
    },
  ],
  [
    'extra properties refused',
    'breaking',
    'tools.order.inputSchema.additionalProperties',
    /no longer accepted/,
    (c) => {
      order(c).inputSchema.additionalProperties = false;
    },
  ],
  [
    'an output property removed',
    'breaking',
    'tools.order.outputSchema.properties.total',
    /output property "total" removed/,
    (c) => void delete (order(c).outputSchema!.properties as Record<string, unknown>).total,
  ],
  [
    'an output property changed',
    'breaking',
    'tools.order.outputSchema.properties.total.type',
    /type changed from number to string/,
    (c) => {
      (order(c).outputSchema!.properties as Record<string, Record<string, unknown>>).total!.type = 'string';
    },
  ],
  [
    'an outputSchema removed',
    'breaking',
    'tools.order.outputSchema',
    /outputSchema removed/,
    (c) => void delete order(c).outputSchema,
  ],
  [
    'readOnlyHint turned off',
    'breaking',
    'tools.lookup.annotations.readOnlyHint',
    /readOnlyHint turned off/,
    (c) => {
      c.tools.find((t) => t.name === 'lookup')!.annotations = { readOnlyHint: false, destructiveHint: false };
    },
  ],
  [
    'destructiveHint turned on',
    'breaking',
    'tools.order.annotations.destructiveHint',
    /destructiveHint turned on/,
    (c) => {
      order(c).annotations!.destructiveHint = true;
    },
  ],
  [
    'a required prompt argument added',
    'breaking',
    'prompts.complain.arguments.when',
    /required argument "when" added/,
    (c) => void c.prompts[0]!.arguments!.push({ name: 'when', required: true }),
  ],
  [
    'a capability removed',
    'breaking',
    'capabilities.resources',
    /capability "resources" removed/,
    (c) => void delete c.capabilities.resources,
  ],
  [
    'a tool added',
    'compatible',
    'tools.refund',
    /tool "refund" added/,
    (c) => void c.tools.push({ name: 'refund', inputSchema: { type: 'object' } }),
  ],
  [
    'an optional input property added',
    'compatible',
    'tools.order.inputSchema.properties.gift',
    /optional input property "gift" added/,
    (c) => {
      props(c).gift = { type: 'boolean' };
    },
  ],
  [
    'an input type widened',
    'compatible',
    'tools.order.inputSchema.properties.note.type',
    /widened from string to null\|string/,
    (c) => {
      props(c).note!.type = ['string', 'null'];
    },
  ],
  [
    'an enum value added',
    'compatible',
    'tools.order.inputSchema.properties.size.enum',
    /value "XL" now accepted/,
    (c) => {
      props(c).size!.enum = ['S', 'M', 'L', 'XL'];
    },
  ],
  [
    'a maximum loosened',
    'compatible',
    'tools.order.inputSchema.properties.count.maximum',
    /maximum raised from 10 to 99/,
    (c) => {
      props(c).count!.maximum = 99;
    },
  ],
  [
    'an input property no longer required',
    'compatible',
    'tools.order.inputSchema.required',
    /"item" became optional/,
    (c) => {
      order(c).inputSchema.required = [];
    },
  ],
  [
    'a description changed',
    'compatible',
    'tools.order',
    /description or title changed/,
    (c) => {
      order(c).description = 'Orders things';
    },
  ],
  [
    'an input property described',
    'compatible',
    'tools.order.inputSchema.properties.note',
    /description changed/,
    (c) => {
      props(c).note!.description = 'for the courier';
    },
  ],
  [
    'an output property added',
    'compatible',
    'tools.order.outputSchema.properties.eta',
    /output property "eta" added/,
    (c) => {
      (order(c).outputSchema!.properties as Record<string, unknown>).eta = { type: 'string' };
    },
  ],
  [
    'an annotation changed otherwise',
    'compatible',
    'tools.order.annotations',
    /annotations changed \(idempotentHint\)/,
    (c) => {
      order(c).annotations!.idempotentHint = true;
    },
  ],
  [
    'a prompt added',
    'compatible',
    'prompts.praise',
    /prompt "praise" added/,
    (c) => void c.prompts.push({ name: 'praise' }),
  ],
  [
    'an optional prompt argument added',
    'compatible',
    'prompts.complain.arguments.volume',
    /optional argument "volume" added/,
    (c) => void c.prompts[0]!.arguments!.push({ name: 'volume' }),
  ],
  [
    'a resource template added',
    'compatible',
    'resourceTemplates["shop://items/{sku}"]',
    /added/,
    (c) => void c.resourceTemplates.push({ uriTemplate: 'shop://items/{sku}', name: 'item' }),
  ],
  [
    'a resource removed',
    'compatible',
    'resources["shop://catalog"]',
    /resource "shop:\/\/catalog" removed/,
    (c) => {
      c.resources = [];
    },
  ],
  [
    'the server version changed',
    'compatible',
    'server',
    /1\.0\.0 to shop 1\.1\.0/,
    (c) => {
      c.server.version = '1.1.0';
    },
  ],
];

for (const [name, cls, where, message, mutate] of cases) {
  test(`${name}: ${cls}`, async () => {
    const change = await only(mutate);
    assert.equal(change.class, cls);
    assert.equal(change.path, where);
    assert.match(change.message, message);
  });
}

test('the same contract: no changes', async () => {
  assert.deepEqual(await diffContracts(base(), base()), []);
});

for (const c of MEANING_CASES) {
  test(`by meaning: ${c.name} is ${c.class}`, async () => {
    const changes = await diffContracts(c.old, c.new);
    const shown = JSON.stringify(changes, null, 2);
    assert.equal(
      changes.some((x) => x.class === 'breaking'),
      c.class === 'breaking',
      shown,
    );
    if (c.listed === undefined) assert.deepEqual(changes, [], 'the same values accepted: nothing to list');
    else {
      const { path, message } = c.listed;
      assert.ok(
        changes.some((x) => x.path === path && message.test(x.message)),
        `${path} ${message} in ${shown}`,
      );
    }
    // No false message: nothing said about a type where no type changed.
    assert.ok(!changes.some((x) => /any type/.test(x.message)), shown);
  });
}

test('an output change: compatible when every output valid now was valid before', async () => {
  const tool = (outputSchema: Record<string, unknown>) => ({
    ...MEANING_CASES[0]!.old,
    tools: [
      {
        name: 't',
        inputSchema: { type: 'object' as const },
        outputSchema: { type: 'object' as const, ...outputSchema },
      },
    ],
  });
  const narrowed = await diffContracts(
    tool({ properties: { n: { type: 'number' } } }),
    tool({ properties: { n: { type: 'integer', minimum: 0 } } }),
  );
  assert.deepEqual(
    narrowed.map((c) => c.class),
    ['compatible', 'compatible'],
    JSON.stringify(narrowed),
  );
  const widened = await diffContracts(
    tool({ properties: { n: { type: 'integer' } } }),
    tool({ properties: { n: { type: ['integer', 'string'] } } }),
  );
  assert.deepEqual(
    widened.map((c) => [c.class, c.path]),
    [['breaking', 'tools.t.outputSchema.properties.n.type']],
  );
});
