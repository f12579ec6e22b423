// The one redaction of URLs, arguments and config values: what it hides and what it keeps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactArgs, redactUrl, redactUrlsIn } from '../src/redact.js';

test('redactUrl hides userinfo (a user name alone too), every query value and the fragment', () => {
  assert.equal(redactUrl('https://ghp_TOKEN@host.example/mcp'), 'https://<redacted>@host.example/mcp');
  assert.equal(
    redactUrl('https://u:p@host.example:8443/a/b?x=1&y=&flag#frag'),
    'https://<redacted>:<redacted>@host.example:8443/a/b?x=<redacted>&y=&<redacted>#<redacted>',
  );
  assert.equal(redactUrl('https://host.example/mcp'), 'https://host.example/mcp');
  assert.equal(redactUrl('https://${USER}:${PASS}@host/mcp?key=${KEY}'), 'https://${USER}:${PASS}@host/mcp?key=${KEY}');
  assert.equal(redactUrl('${BASE}/mcp?key=abc'), '${BASE}/mcp?key=<redacted>');
});

test('redactUrlsIn redacts each URL inside a message and leaves the rest', () => {
  assert.equal(
    redactUrlsIn('server "x": connection refused at http://a:b@127.0.0.1:1/mcp?t=1 (see https://docs.example/help)'),
    'server "x": connection refused at http://<redacted>:<redacted>@127.0.0.1:1/mcp?t=<redacted> (see https://docs.example/help)',
  );
  assert.equal(redactUrlsIn('no address here'), 'no address here');
});

test('redactArgs hides values of secret-looking options and assignments, nothing else', () => {
  assert.deepEqual(
    redactArgs([
      '--token=abc',
      '--api-key',
      'k',
      '-password',
      'p',
      '--no-auth',
      '/dir',
      'MY_API_KEY=v',
      'DEBUG=1',
      '--port',
      '80',
      'x-api-key: s',
      '${TOKEN}',
    ]),
    [
      '--token=<redacted>',
      '--api-key',
      '<redacted>',
      '-password',
      '<redacted>',
      '--no-auth',
      '/dir',
      'MY_API_KEY=<redacted>',
      'DEBUG=1',
      '--port',
      '80',
      'x-api-key: <redacted>',
      '${TOKEN}',
    ],
  );
  assert.deepEqual(redactArgs(['--token', '--verbose']), ['--token', '--verbose']);
});
