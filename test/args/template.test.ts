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

// RFC 6570 section 3.2: its example variables, and every example of every operator it gives.
const RFC_VALUES = {
  count: ['one', 'two', 'three'],
  dom: ['example', 'com'],
  dub: 'me/too',
  hello: 'Hello World!',
  half: '50%',
  var: 'value',
  who: 'fred',
  base: 'http://example.com/home/',
  path: '/foo/bar',
  list: ['red', 'green', 'blue'],
  keys: { semi: ';', dot: '.', comma: ',' },
  v: '6',
  x: '1024',
  y: '768',
  empty: '',
  empty_keys: {},
};
const RFC_EXAMPLES: [string, string][] = [
  ['{count}', 'one,two,three'],
  ['{count*}', 'one,two,three'],
  ['{/count}', '/one,two,three'],
  ['{/count*}', '/one/two/three'],
  ['{;count}', ';count=one,two,three'],
  ['{;count*}', ';count=one;count=two;count=three'],
  ['{?count}', '?count=one,two,three'],
  ['{?count*}', '?count=one&count=two&count=three'],
  ['{&count*}', '&count=one&count=two&count=three'],
  ['{var}', 'value'],
  ['{hello}', 'Hello%20World%21'],
  ['{half}', '50%25'],
  ['O{empty}X', 'OX'],
  ['O{undef}X', 'OX'],
  ['{x,y}', '1024,768'],
  ['{x,hello,y}', '1024,Hello%20World%21,768'],
  ['?{x,empty}', '?1024,'],
  ['?{x,undef}', '?1024'],
  ['?{undef,y}', '?768'],
  ['{var:3}', 'val'],
  ['{var:30}', 'value'],
  ['{list}', 'red,green,blue'],
  ['{list*}', 'red,green,blue'],
  ['{keys}', 'semi,%3B,dot,.,comma,%2C'],
  ['{keys*}', 'semi=%3B,dot=.,comma=%2C'],
  ['{+var}', 'value'],
  ['{+hello}', 'Hello%20World!'],
  ['{+half}', '50%25'],
  ['{base}index', 'http%3A%2F%2Fexample.com%2Fhome%2Findex'],
  ['{+base}index', 'http://example.com/home/index'],
  ['O{+empty}X', 'OX'],
  ['{+path}/here', '/foo/bar/here'],
  ['here?ref={+path}', 'here?ref=/foo/bar'],
  ['up{+path}{var}/here', 'up/foo/barvalue/here'],
  ['{+x,hello,y}', '1024,Hello%20World!,768'],
  ['{+path,x}/here', '/foo/bar,1024/here'],
  ['{+path:6}/here', '/foo/b/here'],
  ['{+list}', 'red,green,blue'],
  ['{+list*}', 'red,green,blue'],
  ['{+keys}', 'semi,;,dot,.,comma,,'],
  ['{+keys*}', 'semi=;,dot=.,comma=,'],
  ['{#var}', '#value'],
  ['{#hello}', '#Hello%20World!'],
  ['{#half}', '#50%25'],
  ['foo{#empty}', 'foo#'],
  ['foo{#undef}', 'foo'],
  ['{#x,hello,y}', '#1024,Hello%20World!,768'],
  ['{#path,x}/here', '#/foo/bar,1024/here'],
  ['{#path:6}/here', '#/foo/b/here'],
  ['{#list}', '#red,green,blue'],
  ['{#list*}', '#red,green,blue'],
  ['{#keys}', '#semi,;,dot,.,comma,,'],
  ['{#keys*}', '#semi=;,dot=.,comma=,'],
  ['{.who}', '.fred'],
  ['{.who,who}', '.fred.fred'],
  ['{.half,who}', '.50%25.fred'],
  ['www{.dom*}', 'www.example.com'],
  ['X{.var}', 'X.value'],
  ['X{.empty}', 'X.'],
  ['X{.undef}', 'X'],
  ['X{.var:3}', 'X.val'],
  ['X{.list}', 'X.red,green,blue'],
  ['X{.list*}', 'X.red.green.blue'],
  ['X{.keys}', 'X.semi,%3B,dot,.,comma,%2C'],
  ['X{.keys*}', 'X.semi=%3B.dot=..comma=%2C'],
  ['X{.empty_keys}', 'X'],
  ['X{.empty_keys*}', 'X'],
  ['{/who}', '/fred'],
  ['{/who,who}', '/fred/fred'],
  ['{/half,who}', '/50%25/fred'],
  ['{/who,dub}', '/fred/me%2Ftoo'],
  ['{/var}', '/value'],
  ['{/var,empty}', '/value/'],
  ['{/var,undef}', '/value'],
  ['{/var,x}/here', '/value/1024/here'],
  ['{/var:1,var}', '/v/value'],
  ['{/list}', '/red,green,blue'],
  ['{/list*}', '/red/green/blue'],
  ['{/list*,path:4}', '/red/green/blue/%2Ffoo'],
  ['{/keys}', '/semi,%3B,dot,.,comma,%2C'],
  ['{/keys*}', '/semi=%3B/dot=./comma=%2C'],
  ['{;who}', ';who=fred'],
  ['{;half}', ';half=50%25'],
  ['{;empty}', ';empty'],
  ['{;v,empty,who}', ';v=6;empty;who=fred'],
  ['{;v,bar,who}', ';v=6;who=fred'],
  ['{;x,y}', ';x=1024;y=768'],
  ['{;x,y,empty}', ';x=1024;y=768;empty'],
  ['{;x,y,undef}', ';x=1024;y=768'],
  ['{;hello:5}', ';hello=Hello'],
  ['{;list}', ';list=red,green,blue'],
  ['{;list*}', ';list=red;list=green;list=blue'],
  ['{;keys}', ';keys=semi,%3B,dot,.,comma,%2C'],
  ['{;keys*}', ';semi=%3B;dot=.;comma=%2C'],
  ['{?who}', '?who=fred'],
  ['{?half}', '?half=50%25'],
  ['{?x,y}', '?x=1024&y=768'],
  ['{?x,y,empty}', '?x=1024&y=768&empty='],
  ['{?x,y,undef}', '?x=1024&y=768'],
  ['{?var:3}', '?var=val'],
  ['{?list}', '?list=red,green,blue'],
  ['{?list*}', '?list=red&list=green&list=blue'],
  ['{?keys}', '?keys=semi,%3B,dot,.,comma,%2C'],
  ['{?keys*}', '?semi=%3B&dot=.&comma=%2C'],
  ['{&who}', '&who=fred'],
  ['{&half}', '&half=50%25'],
  ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
  ['{&x,y,empty}', '&x=1024&y=768&empty='],
  ['{&var:3}', '&var=val'],
  ['{&list}', '&list=red,green,blue'],
  ['{&list*}', '&list=red&list=green&list=blue'],
  ['{&keys}', '&keys=semi,%3B,dot,.,comma,%2C'],
  ['{&keys*}', '&semi=%3B&dot=.&comma=%2C'],
];

test('template: RFC 6570 level 4, every example of its section 3.2', () => {
  const wrong = RFC_EXAMPLES.map(([template, want]) => [template, expandTemplate(template, RFC_VALUES), want]).filter(
    ([, got, want]) => got !== want,
  );
  assert.deepEqual(wrong, []);
});

test('template: a repeated name is a list, name:=<json> a list or key/value pairs, as the RFC expands them', () => {
  const list = { server: 's', template: 'svelte://{/slug*}.md' };
  const slugs = templateArguments(list.template, ['slug=svelte', 'slug=overview'], list);
  assert.deepEqual(slugs, { slug: ['svelte', 'overview'] });
  assert.equal(expandTemplate(list.template, slugs), 'svelte:///svelte/overview.md');
  const json = templateArguments(list.template, ['slug:=["a","b c"]'], list);
  assert.equal(expandTemplate(list.template, json), 'svelte:///a/b%20c.md');

  const pairs = { server: 's', template: 'x://find{?keys*}' };
  const keys = templateArguments(pairs.template, ['keys:={"q":"a b","n":2}'], pairs);
  assert.deepEqual(keys, { keys: { q: 'a b', n: '2' } });
  assert.equal(expandTemplate(pairs.template, keys), 'x://find?q=a%20b&n=2');

  assert.throws(
    () => templateArguments(pairs.template, ['keys:={"q":"a"}', 'keys=b'], pairs),
    /variable "keys" is given both as a list and as key\/value pairs/,
  );
  assert.throws(() => templateArguments(pairs.template, ['keys:={"q":{"deep":1}}'], pairs), /as JSON/);
  assert.throws(() => templateArguments(pairs.template, ['keys:={oops'], pairs), /\{oops is not JSON/);
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
