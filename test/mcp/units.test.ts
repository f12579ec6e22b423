// Unit checks of the session layer's pure parts: line framing, proxy selection, tool globs, and the
// classification of error shapes that the integration tests cannot provoke locally
// (DNS, TLS, the SDK's own timeout and auth errors).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import type { HttpServerSpec, StdioServerSpec } from '../../src/config/types.js';
import { McpctlError } from '../../src/errors.js';
import { classifyError } from '../../src/mcp/session/classify.js';
import { formatDuration } from '../../src/mcp/session/format.js';
import { redactUrl } from '../../src/redact.js';
import { LineSplitter, LineTooLongError } from '../../src/mcp/stdio/line-splitter.js';
import { proxyForUrl } from '../../src/mcp/http/proxy.js';
import { toolAllowed } from '../../src/mcp/requests/filters.js';

const http: HttpServerSpec = {
  name: 'remote',
  source: 'test',
  timeoutMs: 30_000,
  protocol: 'auto',
  transport: 'http',
  url: 'https://mcp.example.com/mcp?key=abc',
  headers: {},
  sseFallback: false,
};
const stdio: StdioServerSpec = {
  name: 'local',
  source: '/home/u/.mcp.json',
  timeoutMs: 30_000,
  protocol: 'legacy',
  transport: 'stdio',
  command: 'npx',
  args: [],
  env: {},
};

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('LineSplitter', () => {
  test('splits across chunks, strips CR, keeps the unfinished rest', () => {
    const splitter = new LineSplitter(1024);
    assert.deepEqual(splitter.push(Buffer.from('{"a"')), []);
    assert.deepEqual(splitter.push(Buffer.from(':1}\r\n{"b":2}\nrest')), ['{"a":1}', '{"b":2}']);
    assert.equal(splitter.flush(), 'rest');
    assert.equal(splitter.flush(), undefined);
  });

  test('a multi-byte character split between chunks survives', () => {
    const bytes = Buffer.from('"é"\n');
    const splitter = new LineSplitter(1024);
    assert.deepEqual(splitter.push(bytes.subarray(0, 2)), []);
    assert.deepEqual(splitter.push(bytes.subarray(2)), ['"é"']);
  });

  test('lines over many chunks come out as the whole stream decoded at once, one after another', () => {
    // Two long lines, the second shorter than the first, then a short one, cut at odd places:
    // what is left of one line must never show in the next; bad UTF-8 is replaced as a whole
    // decode replaces it; a CR is dropped only before a newline.
    const first = `{"text":"${'ab€𝄞'.repeat(5000)}"}\r`;
    const stream = Buffer.concat([
      Buffer.from(`${first}\n`),
      Buffer.from([0xe2, 0x82, 0x22, 0xff, 0x0a]),
      Buffer.from(`${'x'.repeat(3000)}\n{"c":3}\nend\r`),
    ]);
    const splitter = new LineSplitter(1 << 20);
    const lines: string[] = [];
    for (let at = 0; at < stream.length; at += 997) lines.push(...splitter.push(stream.subarray(at, at + 997)));
    const expected = stream.toString('utf8').split('\n');
    const rest = expected.pop();
    assert.deepEqual(
      lines,
      expected.map((line) => line.replace(/\r$/, '')),
    );
    assert.equal(splitter.flush(), rest);
    assert.equal(rest, 'end\r');
  });

  test('a line over the limit throws, even when it arrives in pieces, and the next line starts afresh', () => {
    const splitter = new LineSplitter(10);
    splitter.push(Buffer.from('123456'));
    assert.throws(() => splitter.push(Buffer.from('789012')), LineTooLongError);
    assert.deepEqual(splitter.push(Buffer.from('1234\n')), ['1234']);
  });
});

describe('proxyForUrl', () => {
  const env = {
    HTTPS_PROXY: 'http://proxy:3128',
    http_proxy: 'http://plain:8080',
    NO_PROXY: 'internal.example, .corp.example,localhost:8443',
  };
  test('picks the proxy by scheme', () => {
    assert.equal(proxyForUrl('https://api.example.com/mcp', env), 'http://proxy:3128');
    assert.equal(proxyForUrl('http://api.example.com/mcp', env), 'http://plain:8080');
  });
  test('NO_PROXY matches hosts, subdomains and ports', () => {
    assert.equal(proxyForUrl('https://internal.example/mcp', env), undefined);
    assert.equal(proxyForUrl('https://a.internal.example/mcp', env), undefined);
    assert.equal(proxyForUrl('https://x.corp.example/mcp', env), undefined);
    assert.equal(proxyForUrl('https://localhost:8443/mcp', env), undefined);
    assert.equal(proxyForUrl('https://localhost:9443/mcp', env), 'http://proxy:3128');
    assert.equal(proxyForUrl('https://notinternal.example/mcp', env), 'http://proxy:3128');
    assert.equal(proxyForUrl('https://any.example/mcp', { HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' }), undefined);
  });
  test('no variables, no proxy', () => {
    assert.equal(proxyForUrl('https://api.example.com/mcp', {}), undefined);
  });
});

describe('formatting', () => {
  test('durations and URLs', () => {
    assert.equal(formatDuration(5000), '5s');
    assert.equal(formatDuration(1500), '1.5s');
    assert.equal(formatDuration(250), '250ms');
    assert.equal(
      redactUrl('https://user:pw@h.example:8443/mcp?token=x#f'),
      'https://<redacted>:<redacted>@h.example:8443/mcp?token=<redacted>#<redacted>',
    );
  });
});

describe('classifyError', () => {
  test('an McpctlError passes through unchanged', () => {
    const original = new McpctlError('usage', 'bad flag');
    assert.equal(classifyError(original, http, 'request'), original);
  });

  test('DNS failure inside a fetch TypeError', () => {
    const err = classifyError(
      new TypeError('fetch failed', { cause: withCode('getaddrinfo ENOTFOUND mcp.example.com', 'ENOTFOUND') }),
      http,
      'initialize',
    );
    assert.equal(err.kind, 'connection');
    assert.equal(err.phase, 'connect');
    assert.equal(err.message, 'server "remote": cannot resolve host mcp.example.com');
  });

  test('TLS failure wrapped by the era probe', () => {
    const tls = withCode('certificate has expired', 'CERT_HAS_EXPIRED');
    const probe = new SdkError(
      SdkErrorCode.EraNegotiationFailed,
      'Version negotiation probe failed: fetch failed',
      { cause: tls },
      { cause: new TypeError('fetch failed', { cause: tls }) },
    );
    const err = classifyError(probe, http, 'discovery');
    assert.equal(err.kind, 'connection');
    assert.match(
      err.message,
      /^server "remote": TLS error at https:\/\/mcp\.example\.com\/mcp\?key=<redacted>: certificate has expired$/,
    );
    assert.match(err.hint ?? '', /NODE_EXTRA_CA_CERTS/);
  });

  test('the URL in messages carries no query string', () => {
    const err = classifyError(
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
      http,
      'initialize',
    );
    assert.doesNotMatch(err.message, /key=abc/);
  });

  test('UnauthorizedError from an auth provider is an auth error', () => {
    const err = classifyError(
      new UnauthorizedError('Authentication requires user authorization - redirect initiated'),
      http,
      'initialize',
    );
    assert.equal(err.kind, 'auth');
    assert.equal(err.hint, 'run `mcpctl auth login remote`');
  });

  test('HTTP 401 from the probe, 502 from a request', () => {
    const unauthorized = new SdkHttpError(
      SdkErrorCode.ClientHttpAuthentication,
      'Version negotiation failed: the server requires authorization (HTTP 401)',
      { status: 401 },
    );
    assert.equal(classifyError(unauthorized, http, 'discovery').exitCode, 4);
    const gateway = new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint: bad gateway', {
      status: 502,
    });
    const err = classifyError(gateway, http, 'request', { method: 'tools/call' });
    assert.equal(err.kind, 'connection');
    assert.match(err.message, /HTTP 502/);
  });

  test("the SDK's request timeout names the method and the limit", () => {
    const err = classifyError(
      new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: 30_000 }),
      stdio,
      'request',
      { method: 'tools/list' },
    );
    assert.equal(err.kind, 'timeout');
    assert.equal(err.message, 'server "local": no answer to tools/list within 30s (request timeout)');
  });

  test("the SDK's handshake timeout counts as the connect timeout", () => {
    const err = classifyError(
      new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: 5000 }),
      stdio,
      'initialize',
    );
    assert.equal(err.message, 'server "local": no answer to initialize within 5s (connect timeout)');
  });

  test('a JSON-RPC error during a request is a protocol error (exit 5)', () => {
    const err = classifyError(new ProtocolError(-32601, 'Method not found'), stdio, 'request', {
      method: 'prompts/list',
    });
    assert.equal(err.kind, 'protocol');
    assert.equal(err.exitCode, 5);
    assert.match(err.message, /^server "local" answered prompts\/list with error -32601: Method not found/);
  });

  test('a JSON-RPC error to initialize is a connection error (exit 3)', () => {
    const err = classifyError(new ProtocolError(-32603, 'database locked'), stdio, 'initialize');
    assert.equal(err.kind, 'connection');
    assert.match(err.message, /rejected initialize: database locked/);
  });

  test('interruption wins over whatever the SDK threw', () => {
    const err = classifyError(new SdkError(SdkErrorCode.RequestTimeout, 'Error: SIGINT'), stdio, 'request', {
      method: 'tools/call',
      interrupted: true,
    });
    assert.equal(err.kind, 'interrupted');
    assert.equal(err.exitCode, 130);
  });

  test('a killed server names its signal', () => {
    const err = classifyError(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'), stdio, 'request', {
      method: 'tools/call',
      exit: { code: null, signal: 'SIGKILL' },
      stderrTail: ['out of memory'],
    });
    assert.equal(err.kind, 'connection');
    assert.match(
      err.message,
      /^server "local" was killed by SIGKILL during tools\/call; its last stderr lines:\n {2}out of memory$/,
    );
  });

  test('an unexpected error during a request is an internal error with a report hint', () => {
    const err = classifyError(new TypeError('cannot read properties of undefined'), stdio, 'request');
    assert.equal(err.kind, 'internal');
    assert.equal(err.server, 'local');
    assert.match(err.hint ?? '', /report/);
  });
});

test('enabledTools and disabledTools: * any run of characters, ? one, the rest literal', () => {
  const shown = (names: string[], spec: Parameters<typeof toolAllowed>[0]) => names.filter((n) => toolAllowed(spec, n));
  const names = ['write_file', 'write_', 'rewrite_file', 'get-a', 'get-ab', 'a.b', 'axb', 'write_\nfile', 'get-😀'];
  assert.deepEqual(shown(names, { disabledTools: ['write_*'] }), [
    'rewrite_file',
    'get-a',
    'get-ab',
    'a.b',
    'axb',
    'get-😀',
  ]);
  assert.deepEqual(shown(names, { enabledTools: ['get-?', 'a.b'] }), ['get-a', 'a.b', 'get-😀']);
  assert.deepEqual(shown(names, { enabledTools: ['*e*_*'], disabledTools: ['*file'] }), ['write_']);
});
