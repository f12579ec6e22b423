// Typed errors in process: each kind's exit code (the contract of docs/OUTPUT.md), the URL
// secrets of every field redacted whoever built the error, the JSON error's shape, and SIGTERM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  configError,
  errorJson,
  errorObject,
  EXIT_CODE_TABLE,
  McpctlError,
  terminatedBy,
  toMcpctlError,
  usageError,
} from '../src/errors.js';

const SECRET_URL = 'https://me:PASSWORD1@mcp.example/mcp?token=QUERYSECRET#FRAG';
const SHOWN_URL = 'https://<redacted>:<redacted>@mcp.example/mcp?token=<redacted>#<redacted>';

test('each kind exits with the code of the contract; an override wins', () => {
  const codes = Object.fromEntries(
    (
      [
        'internal',
        'usage',
        'config',
        'connection',
        'auth',
        'protocol',
        'tool',
        'output-schema',
        'check',
        'timeout',
        'interrupted',
      ] as const
    ).map((kind) => [kind, new McpctlError(kind, 'x').exitCode]),
  );
  assert.deepEqual(codes, {
    internal: 1,
    usage: 2,
    config: 2,
    connection: 3,
    auth: 4,
    protocol: 5,
    tool: 6,
    'output-schema': 7,
    check: 8,
    timeout: 124,
    interrupted: 130,
  });
  assert.equal(new McpctlError('interrupted', 'x', { exitCode: 143 }).exitCode, 143);
  assert.equal(usageError('x').kind, 'usage');
  assert.equal(configError('x').kind, 'config');
  assert.deepEqual(
    EXIT_CODE_TABLE.map(([code]) => code),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 124, 130, 143],
    'the help table names every code, in order',
  );
  const says: Record<number, RegExp> = {
    0: /success/,
    1: /internal error/,
    2: /usage or config error/,
    3: /connection failed/,
    4: /authentication/,
    5: /protocol error/,
    6: /isError: true/,
    7: /outputSchema/,
    8: /checks failed/,
    124: /timeout/,
    130: /interrupted/,
    143: /SIGTERM/,
  };
  for (const [code, text] of EXIT_CODE_TABLE) assert.match(text, says[code]!, String(code));
});

test("a URL's secrets never stay in the message, the server field or the hint", () => {
  const err = new McpctlError('connection', `connection refused at ${SECRET_URL}`, {
    server: SECRET_URL,
    phase: 'connect',
    hint: `check ${SECRET_URL} is up`,
  });
  assert.equal(err.message, `connection refused at ${SHOWN_URL}`);
  assert.equal(err.server, SHOWN_URL);
  assert.equal(err.hint, `check ${SHOWN_URL} is up`);
  const json = errorJson(err);
  for (const secret of ['PASSWORD1', 'QUERYSECRET', 'FRAG']) assert.ok(!json.includes(secret), `${secret} in ${json}`);
  const plain = new McpctlError('usage', 'x');
  assert.equal(plain.server, undefined);
  assert.equal(plain.hint, undefined);
});

test('the JSON error: one line, every field of the contract, absent ones left out, no raw control', () => {
  const err = new McpctlError('tool', 'tool "t" failed\u009b', { server: 's', phase: 'request', hint: 'h' });
  assert.deepEqual(errorObject(err), {
    code: 6,
    kind: 'tool',
    server: 's',
    phase: 'request',
    message: 'tool "t" failed\u009b',
    hint: 'h',
  });
  const line = errorJson(err);
  assert.doesNotMatch(line, /[\n\u009b]/);
  assert.deepEqual(JSON.parse(line), { error: errorObject(err) });
  assert.equal(errorJson(new McpctlError('usage', 'bad')), '{"error":{"code":2,"kind":"usage","message":"bad"}}');
});

test('anything else thrown is an internal error (a bug) keeping its cause; an McpctlError stays itself', () => {
  const cause = new TypeError('boom');
  const err = toMcpctlError(cause);
  assert.equal(err.kind, 'internal');
  assert.equal(err.exitCode, 1);
  assert.equal(err.message, 'boom');
  assert.equal(err.cause, cause);
  assert.match(err.hint ?? '', /bug in mcpctl/);
  assert.equal(toMcpctlError('text').message, 'text');
  const ours = usageError('x');
  assert.equal(toMcpctlError(ours), ours);
  const plain = new McpctlError('usage', 'x');
  assert.equal('cause' in plain, false, 'no cause given, none recorded');
  assert.equal(plain.name, 'McpctlError');
  assert.match(String(plain), /^McpctlError: x$/);
});

test('terminatedBy: only an aborted signal whose reason came from SIGTERM', () => {
  const by = (reason: unknown) => {
    const c = new AbortController();
    c.abort(reason);
    return terminatedBy(c.signal);
  };
  assert.equal(by(Object.assign(new Error('terminated'), { signal: 'SIGTERM' })), true);
  assert.equal(by(new Error('interrupted')), false);
  assert.equal(by(undefined), false);
  assert.equal(by(null), false);
  assert.equal(terminatedBy(new AbortController().signal), false);
});
