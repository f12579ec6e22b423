// URI template variables (RFC 6570 expressions as MCP servers write them) and the defaults of
// required properties: the pieces `resources SERVER TEMPLATE NAME=VALUE` and `call` build on.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UriTemplate } from '@modelcontextprotocol/client';
import {
  expandTemplate,
  fillRequiredDefaults,
  isUriTemplate,
  templateArguments,
  templateVariables,
} from '../../src/args/index.js';
import { McpctlError } from '../../src/errors.js';

test('template: variables in order, each once; query expressions are optional', () => {
  assert.deepEqual(templateVariables('repo://{owner}/{repo}/blob/{+path}{?ref,plain}{&owner}'), [
    { name: 'owner', required: true },
    { name: 'repo', required: true },
    { name: 'path', required: true },
    { name: 'ref', required: false },
    { name: 'plain', required: false },
  ]);
  assert.deepEqual(templateVariables('file:///{dir*}/{name:3}'), [
    { name: 'dir', required: true },
    { name: 'name', required: true },
  ]);
});

test('template: a URI is a template exactly when the SDK says so (checked without loading it)', () => {
  const uris = [
    'docs://project/{section}',
    'repo://{owner}/{repo}{?ref}',
    'file:///{+path}',
    'x://{a b}',
    'x://{ a}',
    'x://{}',
    'x://{',
    'x://}{',
    'x://{{a}}',
    'x://plain/path',
    'https://example.com/?q=%7Ba%7D',
  ];
  for (const uri of uris) assert.equal(isUriTemplate(uri), UriTemplate.isTemplate(uri), uri);
  assert.equal(isUriTemplate('docs://project/{section}'), true);
  assert.equal(isUriTemplate('docs://project/faq'), false);
});

test('template: filled and expanded, values percent-encoded where the operator asks', () => {
  const where = { server: 's', template: 'docs://{section}{?q}' };
  const values = templateArguments(where.template, ['section=a b'], where);
  assert.equal(expandTemplate(where.template, values), 'docs://a%20b');
  assert.equal(
    expandTemplate(where.template, templateArguments(where.template, ['section=x', 'q=1'], where)),
    'docs://x?q=1',
  );
});

test('template: every missing and unknown variable in one usage error', () => {
  const where = { server: 's', template: 'x://{a}/{b}' };
  assert.throws(
    () => templateArguments(where.template, ['c=1'], where),
    (err: unknown) =>
      err instanceof McpctlError &&
      err.exitCode === 2 &&
      /"c"/.test(err.message) &&
      /variable "a"/.test(err.message) &&
      /variable "b"/.test(err.message),
  );
  // As context for a completion nothing is required yet.
  assert.deepEqual(templateArguments(where.template, ['a=1'], where, { requireAll: false }), { a: '1' });
});

test('defaults: a required property with a default is filled, nested ones too; given values stay', () => {
  const schema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'number', default: 10 },
      page: { type: 'number', default: 1 },
      opts: { type: 'object', properties: { depth: { type: 'integer', default: 2 } }, required: ['depth'] },
    },
    required: ['query', 'limit', 'opts'],
  };
  const { args, filled } = fillRequiredDefaults({ query: 'q', opts: {} }, schema);
  assert.deepEqual(args, { query: 'q', limit: 10, opts: { depth: 2 } });
  assert.deepEqual(filled, [
    { name: 'limit', value: 10 },
    { name: 'opts.depth', value: 2 },
  ]);
  assert.deepEqual(fillRequiredDefaults({ query: 'q', limit: 3, opts: { depth: 5 } }, schema).filled, []);
});
