// Arguments and results as users of third-party servers expect them (issue 9 §5), against the
// fastmcp and mcp-framework fixtures: required properties with a default are filled, unknown
// arguments are flagged also for tools without parameters, a result with no text says what it
// holds in a pipe, and resource templates are filled and completed from the command line. The
// fastmcp fixture is served once for the file, over fastmcp's own Streamable HTTP in this process
// (loading fastmcp costs what starting it does, and the file asks it for 18 answers).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { run } from '../helpers/run.js';
import { thirdPartyConfig } from '../helpers/third-party.js';
import { freePort } from '../mcp/helpers.js';

let config = '';
let fastmcp: { url: string; stop(): Promise<void> } | undefined;
before(async () => {
  const { serveFastmcpHttp } = await import('../fixtures/fastmcp-server.js');
  const served = await serveFastmcpHttp(await freePort());
  fastmcp = served;
  config = thirdPartyConfig({ fastmcp: { url: served.url } });
});
after(() => fastmcp?.stop());

describe('a required property with a default (mcp-framework)', () => {
  it('is filled with its default when not given, and -v says so', async () => {
    const r = await run(['-c', config, '-v', 'call', 'mcp-framework', 'search', 'query=cats']);
    assert.equal(r.code, 0, r.stderr);
    // The tool echoes the arguments it received.
    assert.deepEqual(JSON.parse(JSON.parse(r.stdout) as string), { query: 'cats', limit: 10 });
    assert.match(r.stderr, /argument "limit" is required and was not given: filled with its default 10/);
  });

  it('keeps a value that was given', async () => {
    const r = await run(['-c', config, 'call', 'mcp-framework', 'search', 'query=cats', 'limit=3']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(JSON.parse(r.stdout) as string), { query: 'cats', limit: 3 });
  });

  it('is not mentioned without -v', async () => {
    const r = await run(['-c', config, 'call', 'mcp-framework', 'search', 'query=cats']);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /default/);
  });
});

describe('unknown arguments of tools without parameters', () => {
  it('mcp-framework (an open schema): a warning naming the argument, and the call is made', async () => {
    const r = await run(['-c', config, 'call', 'mcp-framework', 'status', 'foo=bar']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /warning: unknown argument "foo" \(the tool declares no arguments\); sending it anyway/);
    assert.match(r.stdout, /up/);
  });

  it('fastmcp (additionalProperties: false): exit 2 naming the argument, nothing sent', async () => {
    const r = await run(['-c', config, 'call', 'fastmcp', 'ping', 'foo=bar']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown argument "foo"/);
    assert.equal(r.stdout, '');
  });
});

describe('a result with no text, in a pipe', () => {
  for (const [tool, line] of [
    ['logo', /\[image\] image\/png, 68 B/],
    ['jingle', /\[audio\] audio\/\S+, 30 B/],
  ] as const) {
    it(`${tool}: stdout stays empty; stderr says what came, with the --save-dir hint`, async () => {
      const r = await run(['-c', config, 'call', 'fastmcp', tool]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      const lines = r.stderr.trimEnd().split('\n');
      assert.match(lines[0]!, new RegExp(`tool "${tool}" returned no text, only:`));
      assert.match(lines[1]!, line);
      assert.match(lines[2]!, /--save-dir DIR writes images, audio and blobs to files/);
      assert.equal(lines.length, 3);
    });
  }

  it('a text result says nothing extra', async () => {
    const r = await run(['-c', config, 'call', 'fastmcp', 'ping']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'pong\n');
    assert.equal(r.stderr, '');
  });
});

describe('resource templates (fastmcp docs://project/{section})', () => {
  const template = 'docs://project/{section}';

  it('unfilled: exit 2 naming the variable, before anything is read', async () => {
    const r = await run(['-c', config, 'resources', 'fastmcp', template]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /resource template docs:\/\/project\/\{section\} of server "fastmcp": missing required variable "section"/,
    );
    assert.match(r.stderr, /--complete NAME= suggests values/);
    assert.equal(r.stdout, '');
  });

  it('an unknown variable: exit 2 with a suggestion', async () => {
    const r = await run(['-c', config, 'resources', 'fastmcp', template, 'sectoin=faq']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown argument "sectoin" \(did you mean "section"\?\)/);
  });

  it('filled with NAME=VALUE: the expanded URI is read', async () => {
    const r = await run(['-c', config, 'resources', 'fastmcp', template, 'section=faq', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const { contents } = JSON.parse(r.stdout) as { contents: Array<{ uri: string; text: string }> };
    assert.equal(contents[0]?.uri, 'docs://project/faq');
    assert.match(contents[0]?.text ?? '', /The faq section/);
  });

  it('--complete asks the server (completion/complete on the template) for the values', async () => {
    const all = await run(['-c', config, 'resources', 'fastmcp', template, '--complete', 'section=']);
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(all.stdout.trimEnd().split('\n'), ['getting-started', 'api-reference', 'faq']);
    const some = await run(['-c', config, 'resources', 'fastmcp', template, '--complete', 'section=api']);
    assert.equal(some.stdout, 'api-reference\n');
  });

  it('--complete of a variable the template lacks: exit 2 naming its variables', async () => {
    const r = await run(['-c', config, 'resources', 'fastmcp', template, '--complete', 'page=']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /has no variable "page"/);
    assert.match(r.stderr, /its variables: section/);
  });

  it('words after a plain URI are refused', async () => {
    const r = await run(['-c', config, 'resources', 'fastmcp', 'docs://project/faq', 'section=faq']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not a URI template/);
  });
});
