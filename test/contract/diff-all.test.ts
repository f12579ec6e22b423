// diffContracts on two contracts that differ in every part at once, in process: the whole list
// of changes as `mcpctl diff` prints it (class, path, message, in contract order), so that no
// change goes unsaid, none is said twice, and each says what changed in its own words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffContracts, templateVariables } from '../../src/contract/diff.js';
import { CONTRACT_FORMAT, type Contract } from '../../src/contract/snapshot.js';

const object = { type: 'object' as const };

function before(): Contract {
  return {
    format: CONTRACT_FORMAT,
    server: { name: 'shop', version: '1.0.0', title: 'Shop' },
    instructions: 'Be nice',
    capabilities: { tools: { listChanged: true }, prompts: {}, logging: {} },
    tools: [
      { name: 'same', inputSchema: object, description: 'unchanged' },
      { name: 'texts', inputSchema: object, description: 'old words', title: 'T' },
      { name: 'titled', inputSchema: object, title: 'Old title' },
      { name: 'outputs', inputSchema: object },
      { name: 'unpromised', inputSchema: object, outputSchema: object },
      { name: 'widened', inputSchema: object, outputSchema: { type: 'object', required: ['id'] } },
      { name: 'dialect', inputSchema: { ...object, $schema: 'https://json-schema.org/draft-07/schema#' } },
      { name: 'undialect', inputSchema: { ...object, $schema: 'https://json-schema.org/draft-07/schema#' } },
      { name: 'hashed', inputSchema: { ...object, $schema: 'https://json-schema.org/draft/2020-12/schema#' } },
      { name: 'tasks', inputSchema: object, execution: { taskSupport: 'optional' } },
      { name: 'untasked', inputSchema: object, execution: { taskSupport: 'required' } },
      { name: 'hints', inputSchema: object, annotations: { title: 'a', idempotentHint: true } },
      { name: 'newly-tasked', inputSchema: object },
      { name: 'dialected', inputSchema: object },
      {
        name: 'described',
        inputSchema: { type: 'object', properties: { a: { type: 'string', description: 'old' } } },
      },
      { name: 'gone', inputSchema: object },
    ],
    prompts: [
      {
        name: 'ask',
        description: 'Asks',
        arguments: [
          { name: 'kept', required: true },
          { name: 'dropped' },
          { name: 'loosened', required: true },
          { name: 'tightened' },
          { name: 'reworded', description: 'old' },
        ],
      },
      { name: 'retitled', title: 'Old' },
      { name: 'bare' },
    ],
    resources: [
      { uri: 'shop://kept', name: 'kept' },
      { uri: 'shop://gone', name: 'gone' },
      { uri: 'shop://changed', name: 'changed', mimeType: 'text/plain', size: 3 },
    ],
    resourceTemplates: [
      { uriTemplate: 'shop://orders/{id}', name: 'order' },
      { uriTemplate: 'shop://items/{+path}{?q,page}', name: 'item', description: 'old' },
      { uriTemplate: 'shop://fixed', name: 'fixed' },
      { uriTemplate: 'shop://users/{id}', name: 'user', mimeType: 'text/plain' },
      { uriTemplate: 'shop://a/{x}', name: 'twin' },
      { uriTemplate: 'shop://b/{y}', name: 'twin' },
    ],
  };
}

function after(): Contract {
  const c = before();
  c.server = { name: 'shop', version: '1.0.0', title: 'The shop' };
  c.instructions = undefined;
  c.capabilities = { tools: { listChanged: false }, logging: {}, resources: {} };
  const tool = (name: string) => c.tools.find((t) => t.name === name)!;
  tool('texts').description = 'new words';
  tool('titled').title = 'New title';
  tool('outputs').outputSchema = object;
  tool('unpromised').outputSchema = undefined;
  tool('widened').outputSchema = object;
  tool('dialect').inputSchema = { ...object, $schema: 'https://json-schema.org/draft/2020-12/schema' };
  tool('undialect').inputSchema = object;
  tool('hashed').inputSchema = { ...object, $schema: 'https://json-schema.org/draft/2020-12/schema' };
  tool('tasks').execution = { taskSupport: 'required' };
  tool('untasked').execution = { taskSupport: 'optional' };
  tool('hints').annotations = { title: 'b', idempotentHint: true, openWorldHint: false };
  tool('newly-tasked').execution = { taskSupport: 'required' };
  tool('dialected').inputSchema = { ...object, $schema: 'http://json-schema.org/draft-07/schema#' };
  tool('described').inputSchema = { type: 'object', properties: { a: { type: 'string', description: 'new' } } };
  c.tools = c.tools.filter((t) => t.name !== 'gone');
  c.tools.push({ name: 'new', inputSchema: object });
  c.prompts = [
    {
      name: 'ask',
      description: 'Asks',
      arguments: [
        { name: 'kept', required: true },
        { name: 'loosened', required: false },
        { name: 'tightened', required: true },
        { name: 'reworded', description: 'new' },
        { name: 'extra' },
        { name: 'needed', required: true },
      ],
    },
    { name: 'retitled', title: 'New' },
    { name: 'bare', arguments: [] },
    { name: 'fresh' },
  ];
  c.resources = [
    { uri: 'shop://kept', name: 'kept' },
    { uri: 'shop://changed', name: 'changed', mimeType: 'text/markdown', size: 4 },
    { uri: 'shop://new', name: 'new' },
  ];
  c.resourceTemplates = [
    { uriTemplate: 'shop://orders/{id}', name: 'order' },
    { uriTemplate: 'shop://items/{+path}{?q,page}', name: 'item', description: 'new' },
    { uriTemplate: 'shop://users/{uid}', name: 'user', mimeType: 'text/csv' },
    { uriTemplate: 'shop://static', name: 'fixed' },
    { uriTemplate: 'shop://c/{z}', name: 'twin' },
    { uriTemplate: 'shop://new/{n}', name: 'new' },
  ];
  return c;
}

test('every part of a contract changed: each change once, in contract order, classed and worded', async () => {
  const changes = await diffContracts(before(), after());
  assert.deepEqual(
    changes.map((c) => [c.class, c.path, c.message]),
    [
      ['compatible', 'server', 'server info changed from shop 1.0.0 "Shop" to shop 1.0.0 "The shop"'],
      ['compatible', 'instructions', 'instructions changed'],
      ['compatible', 'capabilities.tools', 'capability "tools" changed'],
      ['breaking', 'capabilities.prompts', 'capability "prompts" removed'],
      ['compatible', 'capabilities.resources', 'capability "resources" added'],
      ['compatible', 'tools.texts', 'description or title changed'],
      ['compatible', 'tools.titled', 'description or title changed'],
      ['compatible', 'tools.outputs.outputSchema', 'outputSchema added'],
      ['breaking', 'tools.unpromised.outputSchema', 'outputSchema removed: structuredContent is no longer promised'],
      ['breaking', 'tools.widened.outputSchema.required', 'output property "id" is no longer always present'],
      [
        'breaking',
        'tools.dialect.inputSchema.$schema',
        '$schema changed from https://json-schema.org/draft-07/schema to https://json-schema.org/draft/2020-12/schema: the same keywords may mean other things, so it counts as breaking',
      ],
      [
        'breaking',
        'tools.undialect.inputSchema.$schema',
        '$schema changed from https://json-schema.org/draft-07/schema to none (2020-12): the same keywords may mean other things, so it counts as breaking',
      ],
      [
        'breaking',
        'tools.tasks.execution',
        'execution changed from {"taskSupport":"optional"} to {"taskSupport":"required"}',
      ],
      [
        'compatible',
        'tools.untasked.execution',
        'execution changed from {"taskSupport":"required"} to {"taskSupport":"optional"}',
      ],
      ['compatible', 'tools.hints.annotations', 'annotations changed (openWorldHint, title)'],
      ['breaking', 'tools.newly-tasked.execution', 'execution changed from {} to {"taskSupport":"required"}'],
      [
        'breaking',
        'tools.dialected.inputSchema.$schema',
        '$schema changed from none (2020-12) to http://json-schema.org/draft-07/schema: the same keywords may mean other things, so it counts as breaking',
      ],
      ['compatible', 'tools.described.inputSchema.properties.a', 'description changed'],
      ['breaking', 'tools.gone', 'tool "gone" removed'],
      ['compatible', 'tools.new', 'tool "new" added'],
      ['breaking', 'prompts.ask.arguments.dropped', 'argument "dropped" removed'],
      ['compatible', 'prompts.ask.arguments.loosened', 'argument "loosened" became optional'],
      ['breaking', 'prompts.ask.arguments.tightened', 'argument "tightened" became required'],
      ['compatible', 'prompts.ask.arguments.reworded', 'description or title changed'],
      ['compatible', 'prompts.ask.arguments.extra', 'optional argument "extra" added'],
      ['breaking', 'prompts.ask.arguments.needed', 'required argument "needed" added'],
      ['compatible', 'prompts.retitled', 'description or title changed'],
      ['compatible', 'prompts.fresh', 'prompt "fresh" added'],
      [
        'compatible',
        'resourceTemplates["shop://items/{+path}{?q,page}"]',
        'resource template "shop://items/{+path}{?q,page}" changed (description)',
      ],
      [
        'breaking',
        'resourceTemplates["shop://fixed"]',
        'resource template "fixed" changed from shop://fixed to shop://static (variables none → none)',
      ],
      [
        'breaking',
        'resourceTemplates["shop://users/{id}"]',
        'resource template "user" changed from shop://users/{id} to shop://users/{uid} (variables id → uid)',
      ],
      [
        'compatible',
        'resourceTemplates["shop://users/{id}"]',
        'resource template "shop://users/{id}" changed (mimeType)',
      ],
      [
        'breaking',
        'resourceTemplates["shop://a/{x}"]',
        'resource template "twin" changed from shop://a/{x} to shop://c/{z} (variables x → z)',
      ],
      ['breaking', 'resourceTemplates["shop://b/{y}"]', 'resource template "shop://b/{y}" removed'],
      ['compatible', 'resourceTemplates["shop://new/{n}"]', 'resource template "shop://new/{n}" added'],
      ['compatible', 'resources["shop://gone"]', 'resource "shop://gone" removed'],
      ['compatible', 'resources["shop://changed"]', 'resource "shop://changed" changed (mimeType, size)'],
      ['compatible', 'resources["shop://new"]', 'resource "shop://new" added'],
    ],
  );
  assert.deepEqual(await diffContracts(after(), after()), [], 'the same contract: nothing');
  const untitled = before();
  untitled.server = { name: 'shop', version: '1.0.0' };
  const renamed = before();
  renamed.server = { name: 'store', version: '2.0.0' };
  delete renamed.server.title;
  assert.deepEqual(await diffContracts(untitled, renamed), [
    { class: 'compatible', path: 'server', message: 'server info changed from shop 1.0.0 to store 2.0.0' },
  ]);
  const noInstructions = { ...before(), instructions: undefined };
  assert.deepEqual(await diffContracts(noInstructions, { ...before(), instructions: '' }), []);
});

test('templateVariables: every operator, prefixes and explodes', () => {
  assert.deepEqual(templateVariables('x://{a}/{+b}/{#c}{.d}{/e}{;f}{?g,h}{&i}{=j}{,k}{!l}{@m}{|n}'), [
    'a',
    'b',
    'c',
    'd',
    'e',
    'f',
    'g',
    'h',
    'i',
    'j',
    'k',
    'l',
    'm',
    'n',
  ]);
  assert.deepEqual(templateVariables('x://{a:3}/{b*}{?c:10,d*}'), ['a', 'b', 'c', 'd']);
  assert.deepEqual(templateVariables('x://{a:x}{b}'), ['a:x', 'b']);
  assert.deepEqual(templateVariables('x://plain'), []);
});

/** The changes from `before` to a copy `change` makes of it, as [class, path, message]. */
async function changesBy(change: (c: Contract) => void): Promise<string[][]> {
  const now = before();
  change(now);
  return (await diffContracts(before(), now)).map((c) => [c.class, c.path, c.message]);
}

test('one change at a time: the server name, a prompt description, a task support loosened, descriptions in an output', async () => {
  assert.deepEqual(
    await changesBy((c) => {
      c.server.name = 'store';
    }),
    [['compatible', 'server', 'server info changed from shop 1.0.0 "Shop" to store 1.0.0 "Shop"']],
  );
  assert.deepEqual(
    await changesBy((c) => {
      c.prompts[0]!.description = 'Asks again';
    }),
    [['compatible', 'prompts.ask', 'description or title changed']],
  );
  assert.deepEqual(
    await changesBy((c) => {
      c.tools.find((t) => t.name === 'tasks')!.execution = { taskSupport: 'forbidden' };
    }),
    [
      [
        'compatible',
        'tools.tasks.execution',
        'execution changed from {"taskSupport":"optional"} to {"taskSupport":"forbidden"}',
      ],
    ],
  );
  assert.deepEqual(
    await changesBy((c) => {
      c.tools.find((t) => t.name === 'widened')!.outputSchema = {
        type: 'object',
        required: ['id'],
        description: 'the order',
      };
    }),
    [['compatible', 'tools.widened.outputSchema', 'description changed']],
  );
});

test('templates: a kept one is never paired with a new one of its name, nor a removed one with a kept one', async () => {
  assert.deepEqual(
    await changesBy((c) => {
      c.resourceTemplates.push({ uriTemplate: 'shop://orders/v2/{id}', name: 'order' });
    }),
    [['compatible', 'resourceTemplates["shop://orders/v2/{id}"]', 'resource template "shop://orders/v2/{id}" added']],
  );
  assert.deepEqual(
    await changesBy((c) => {
      c.resourceTemplates = c.resourceTemplates.filter((t) => t.uriTemplate !== 'shop://a/{x}');
    }),
    [['breaking', 'resourceTemplates["shop://a/{x}"]', 'resource template "shop://a/{x}" removed']],
  );
  assert.deepEqual(
    await changesBy((c) => {
      c.resourceTemplates[1] = { uriTemplate: 'shop://things/{+path}{?q}', name: 'item', description: 'old' };
      c.resourceTemplates[3] = { ...c.resourceTemplates[3]!, description: 'people', mimeType: 'text/csv' };
    }),
    [
      [
        'breaking',
        'resourceTemplates["shop://items/{+path}{?q,page}"]',
        'resource template "item" changed from shop://items/{+path}{?q,page} to shop://things/{+path}{?q} (variables path, q, page → path, q)',
      ],
      [
        'compatible',
        'resourceTemplates["shop://users/{id}"]',
        'resource template "shop://users/{id}" changed (description, mimeType)',
      ],
    ],
  );
  assert.deepEqual(templateVariables('x://{user.name}{a:3x}'), ['user.name', 'a:3x']);
});
