// Argument sources: @file, @- (stdin), @@ escape, key:=json, --args, --args-file, `-`, their
// merge order, and the errors for bad words, bad JSON and stdin read twice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildArguments } from '../../src/args/index.js';
import { McpctlError } from '../../src/errors.js';
import { fakeSources } from './sources.js';

const schema = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    config: { type: 'object' },
    count: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    ids: { type: 'array', items: { type: 'integer' } },
    user: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } },
    a: { type: 'string' },
    b: { type: 'string' },
    c: { type: 'string' },
  },
};
const where = { server: 'files', tool: 'write' };

/** Asserts a usage error (exit 2) whose message matches every pattern. */
function usageError(...patterns: RegExp[]) {
  return (err: unknown) => {
    assert.ok(err instanceof McpctlError, `expected McpctlError, got ${String(err)}`);
    assert.equal(err.kind, 'usage');
    assert.equal(err.exitCode, 2);
    for (const pattern of patterns) assert.match(err.message, pattern);
    return true;
  };
}

test('@file: a string property gets the file content verbatim, path resolved against cwd', async () => {
  const sources = fakeSources(['text=@notes/a.txt'], {
    cwd: '/home/u',
    files: { '/home/u/notes/a.txt': 'line 1\n{"not":"parsed"}\n' },
  });
  assert.deepEqual(await buildArguments(sources, schema), { text: 'line 1\n{"not":"parsed"}\n' });
  assert.deepEqual(sources.filesRead, ['/home/u/notes/a.txt']);
});

test('@file: an absolute path is used as is; a Buffer is read as UTF-8', async () => {
  const sources = fakeSources(['text=@/etc/motd'], { files: { '/etc/motd': Buffer.from('héllo', 'utf8') } });
  assert.deepEqual(await buildArguments(sources, schema), { text: 'héllo' });
});

test('@file: object, integer and array properties parse the content as JSON', async () => {
  const files = { '/w/c.json': '{ "deep": { "on": true } }\n', '/w/n.txt': ' 12\n', '/w/ids.json': '[1, 2]' };
  const args = await buildArguments(
    fakeSources(['config=@c.json', 'count=@n.txt', 'ids=@ids.json'], { cwd: '/w', files }),
    schema,
  );
  assert.deepEqual(args, { config: { deep: { on: true } }, count: 12, ids: [1, 2] });
});

test('@file: an array of strings takes each non-JSON file as one item', async () => {
  const files = { '/w/a.txt': 'first', '/w/b.txt': 'second' };
  const args = await buildArguments(fakeSources(['tags=@a.txt', 'tags=@b.txt'], { cwd: '/w', files }), schema);
  assert.deepEqual(args, { tags: ['first', 'second'] });
});

test('@file: an array of integers refuses a file that is neither a JSON array nor an integer', async () => {
  const sources = fakeSources(['ids=@a.txt'], { cwd: '/w', files: { '/w/a.txt': 'seven' } });
  await assert.rejects(
    buildArguments(sources, schema, where),
    usageError(/argument "ids": content is neither a JSON array nor a valid item \(content is not valid JSON \(.+\)\)/),
  );
});

test('@file: invalid JSON for an object property names the argument and the parse error', async () => {
  const sources = fakeSources(['config=@bad.json'], { cwd: '/w', files: { '/w/bad.json': '{"a": }' } });
  await assert.rejects(
    buildArguments(sources, schema, where),
    usageError(/argument "config": content is not valid JSON \(.+\)/),
  );
});

test('@file: a missing file names the argument and the path', async () => {
  await assert.rejects(
    buildArguments(fakeSources(['text=@nope.txt'], { cwd: '/w' }), schema, where),
    usageError(/argument "text": cannot read file "nope.txt" \(ENOENT/),
  );
});

test('@file: without a schema the content stays a string', async () => {
  const sources = fakeSources(['x=@n.json'], { cwd: '/w', files: { '/w/n.json': '{"a":1}' } });
  assert.deepEqual(await buildArguments(sources, undefined), { x: '{"a":1}' });
});

test('@-: reads stdin as the value, once', async () => {
  const sources = fakeSources(['text=@-', 'count=3'], { stdin: 'from a pipe\n' });
  assert.deepEqual(await buildArguments(sources, schema), { text: 'from a pipe\n', count: 3 });
  assert.equal(sources.stdinReads, 1);
});

test('@-: stdin content is JSON for an object property', async () => {
  assert.deepEqual(await buildArguments(fakeSources(['config=@-'], { stdin: '{"k":[1]}' }), schema), {
    config: { k: [1] },
  });
});

test('@@: escapes a leading @', async () => {
  const sources = fakeSources(['text=@@handle', 'a=@@@x', 'b=mail@example.com']);
  assert.deepEqual(await buildArguments(sources, schema), { text: '@handle', a: '@@x', b: 'mail@example.com' });
  assert.deepEqual(sources.filesRead, []);
});

test('a lone @ is an error asking for a file name', async () => {
  await assert.rejects(
    buildArguments(fakeSources(['text=@']), schema, where),
    usageError(/argument "text": a file name must follow @/),
  );
});

test(':= takes raw JSON regardless of the schema', async () => {
  const args = await buildArguments(
    fakeSources(['text:=5', 'count:="7"', 'config:={"x":null}', 'extra:=[true]']),
    schema,
  );
  assert.deepEqual(args, { text: 5, count: '7', config: { x: null }, extra: [true] });
});

test(':=@file parses the file as JSON, even for a string property', async () => {
  const sources = fakeSources(['text:=@v.json'], { cwd: '/w', files: { '/w/v.json': '"quoted"' } });
  assert.deepEqual(await buildArguments(sources, schema), { text: 'quoted' });
});

test(':= with invalid JSON names the argument and the parse error', async () => {
  await assert.rejects(
    buildArguments(fakeSources(['config:={oops}']), schema, where),
    usageError(/argument "config": invalid JSON after ":=" \(.*(JSON|property|token).*\)/),
  );
});

test(':= array values for an array property concatenate on repeat', async () => {
  assert.deepEqual(await buildArguments(fakeSources(['ids:=[1]', 'ids=2', 'ids:=[3,4]']), schema), {
    ids: [1, 2, 3, 4],
  });
});

test('merge order: --args-file, then --args, then stdin "-", then words; later wins', async () => {
  const sources = fakeSources(['-', 'c=word'], {
    cwd: '/w',
    argsFile: 'base.json',
    files: { '/w/base.json': JSON.stringify({ a: 'file', b: 'file', c: 'file', count: 1 }) },
    argsJson: JSON.stringify({ b: 'args', c: 'args' }),
    stdin: JSON.stringify({ c: 'stdin', count: 2 }),
  });
  assert.deepEqual(await buildArguments(sources, schema), { a: 'file', b: 'args', c: 'word', count: 2 });
});

test('merge: "-" may come anywhere among the words and still merges before them', async () => {
  const sources = fakeSources(['a=word', '-'], { stdin: '{"a":"stdin","b":"stdin"}' });
  assert.deepEqual(await buildArguments(sources, schema), { a: 'word', b: 'stdin' });
});

test('merge: JSON sources replace top-level keys whole; dotted words merge into objects', async () => {
  const sources = fakeSources(['user.age=40'], {
    argsFile: '/w/base.json',
    files: { '/w/base.json': '{"user":{"name":"Ada","age":1,"extra":true}}' },
    argsJson: '{"user":{"name":"Grace"}}',
  });
  assert.deepEqual(await buildArguments(sources, schema), { user: { name: 'Grace', age: 40 } });
});

test('merge: a whole-object word after dotted words replaces them', async () => {
  const args = await buildArguments(fakeSources(['user.name=Ada', 'user:={"age":3}']), schema);
  assert.deepEqual(args, { user: { age: 3 } });
});

test('merge: words repeating an array from --args replace it rather than append', async () => {
  const sources = fakeSources(['tags=c'], { argsJson: '{"tags":["a","b"]}' });
  assert.deepEqual(await buildArguments(sources, schema), { tags: ['c'] });
});

test('--args-file - reads the object from stdin', async () => {
  const sources = fakeSources(['count=4'], { argsFile: '-', stdin: '{"a":"x","count":1}' });
  assert.deepEqual(await buildArguments(sources, schema), { a: 'x', count: 4 });
});

test('non-object JSON in --args, --args-file or stdin is a usage error saying what it got', async () => {
  await assert.rejects(
    buildArguments(fakeSources([], { argsJson: '[1,2]' }), schema, where),
    usageError(/--args: must be a JSON object, got an array/),
  );
  await assert.rejects(
    buildArguments(fakeSources([], { argsFile: '/a.json', files: { '/a.json': '"text"' } }), schema, where),
    usageError(/--args-file \/a\.json: must be a JSON object, got a string/),
  );
  await assert.rejects(
    buildArguments(fakeSources(['-'], { stdin: 'null' }), schema, where),
    usageError(/standard input \(-\): must be a JSON object, got null/),
  );
});

test('invalid JSON in --args and --args-file names the source and the parse error', async () => {
  await assert.rejects(
    buildArguments(fakeSources([], { argsJson: '{a:1}' }), schema, where),
    usageError(/--args: invalid JSON \(.+\)/),
  );
  await assert.rejects(
    buildArguments(fakeSources([], { argsFile: 'x.json', cwd: '/w', files: { '/w/x.json': '{' } }), schema, where),
    usageError(/--args-file x\.json: invalid JSON \(.+\)/),
  );
  await assert.rejects(
    buildArguments(fakeSources([], { argsFile: 'gone.json', cwd: '/w' }), schema, where),
    usageError(/--args-file gone\.json: cannot read file "gone\.json"/),
  );
});

test('stdin is read at most once: "-" with "@-" is an error, and stdin is not read at all', async () => {
  const sources = fakeSources(['-', 'text=@-'], { stdin: '{}' });
  await assert.rejects(
    buildArguments(sources, schema, where),
    usageError(/standard input can be read only once, but "-" and "text=@-" all read it/),
  );
  assert.equal(sources.stdinReads, 0);
  await assert.rejects(
    buildArguments(fakeSources(['a=@-', 'b=@-'], { stdin: 'x' }), schema, where),
    usageError(/only once/),
  );
  await assert.rejects(
    buildArguments(fakeSources(['a=@-'], { argsFile: '-', stdin: 'x' }), schema, where),
    usageError(/"--args-file -" and "a=@-"/),
  );
});

test('bad words: no "=", no name, a non-object in the way; all reported together with the tool named', async () => {
  const sources = fakeSources(['verbose', '=x', 'text=ok', 'text.inner=1', 'a..b=1']);
  await assert.rejects(
    buildArguments(sources, schema, where),
    usageError(
      /^bad arguments for tool "write" of server "files": 4 problems:/,
      /"verbose" is not an argument: write key=value, key:=<json> or key=@file/,
      /"=x" has no argument name before "="/,
      /argument "text.inner": "text" is already set to a value that is neither an object nor a list/,
      /argument "a..b": empty name segment/,
    ),
  );
});

test('errors carry the server and a hint naming the command that shows the arguments', async () => {
  await assert.rejects(
    buildArguments(fakeSources(['oops']), schema, { server: 'my server', tool: 'write' }),
    (err: unknown) => {
      assert.ok(err instanceof McpctlError);
      assert.equal(err.server, 'my server');
      assert.equal(err.hint, `mcpctl tools 'my server' write shows its arguments`);
      return true;
    },
  );
});

test('a __proto__ argument stays an ordinary key and touches no prototype', async () => {
  const args = await buildArguments(fakeSources(['__proto__.polluted=yes', 'constructor.prototype.x=1']), undefined);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(({} as Record<string, unknown>).x, undefined);
  assert.deepEqual(Object.keys(args), ['__proto__', 'constructor']);
  assert.deepEqual(JSON.parse(JSON.stringify(args)), {
    ['__proto__']: { polluted: 'yes' },
    constructor: { prototype: { x: '1' } },
  });
});

test('no words and no JSON give an empty object', async () => {
  assert.deepEqual(await buildArguments(fakeSources([]), schema), {});
});

// The shape of server-memory's create_entities: a list of objects with a list inside.
const entitiesSchema = {
  type: 'object',
  properties: {
    entities: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          rank: { type: 'integer' },
          observations: { type: 'array', items: { type: 'string' } },
        },
        required: ['name'],
      },
    },
    user: { type: 'object', properties: { address: { type: 'object', properties: { zip: { type: 'string' } } } } },
  },
};

test('paths: [] fills the last element until a name repeats, [N] one element, dots nest objects', async () => {
  const words = [
    'entities[].name=Bob',
    'entities[].rank=2',
    'entities[].observations[]=likes tea',
    'entities[].name=Ann',
    'entities[0].observations[]=plays chess',
    'user.address.zip=01234',
  ];
  assert.deepEqual(await buildArguments(fakeSources(words), entitiesSchema), {
    entities: [{ name: 'Bob', rank: 2, observations: ['likes tea', 'plays chess'] }, { name: 'Ann' }],
    user: { address: { zip: '01234' } },
  });
});

test('paths: a gap, an object indexed as a list, a list named as an object and a bad bracket are each named', async () => {
  await assert.rejects(
    buildArguments(
      fakeSources([
        'entities[2].name=x',
        'user.address.zip=1',
        'user[0]=x',
        'entities[].x=1',
        'entities.name=y',
        'entities[x]=1',
      ]),
      entitiesSchema,
      where,
    ),
    usageError(
      /argument "entities\[2\].name": "entities" has 0 elements: \[2\] would leave a gap/,
      /argument "user\[0\]": "user" is not a list/,
      /argument "entities.name": "entities" is a list: give an index, \[N\] or \[\]/,
      /argument "entities\[x\]": write name.key, name\[N\] or name\[\] \(found "\[x\]"\)/,
    ),
  );
});
