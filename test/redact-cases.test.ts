// Redaction case by case, each input a form a secret really takes (found missing by mutation
// testing, docs/TESTING.md): defaults of ${VAR:-…}, auth scheme words, URLs cut at every part,
// each word that names a secret, and headers written every way.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactArgs, redactUrl, redactValue } from '../src/redact.js';

test('redactValue: references show, their defaults and literal text do not; a scheme word alone stays', () => {
  const cases: [string, string][] = [
    ['${TOKEN}', '${TOKEN}'],
    ['${env:TOKEN}', '${env:TOKEN}'],
    ['${TOKEN:-a-long-default}', '${TOKEN:-<redacted>}'],
    ['${TOKEN:-}', '${TOKEN:-<redacted>}'],
    ['literal', '<redacted>'],
    ['', ''],
    ['Bearer ${TOKEN}', 'Bearer ${TOKEN}'],
    ['bearer  ${TOKEN}', 'bearer  ${TOKEN}'],
    ['Basic ${CREDS}', 'Basic ${CREDS}'],
    ['Token ${T}', 'Token ${T}'],
    ['Bot ${T}', 'Bot ${T}'],
    ['Bearer sk-123 ${TOKEN}', '<redacted>${TOKEN}'],
    ['MyBearer ${TOKEN}', '<redacted>${TOKEN}'],
    ['Bearer${TOKEN}', '<redacted>${TOKEN}'],
    ['pre-${A}-mid-${B:-dflt}-post', '<redacted>${A}<redacted>${B:-<redacted>}<redacted>'],
  ];
  for (const [value, shown] of cases) assert.equal(redactValue(value), shown, value);
});

test('redactUrl: fragment, query and userinfo cut wherever they start', () => {
  const cases: [string, string][] = [
    ['https://h/p#SECRET', 'https://h/p#<redacted>'],
    ['https://h#SECRET', 'https://h#<redacted>'],
    ['https://h/p#', 'https://h/p#'],
    ['https://h#', 'https://h#'],
    ['https://h?token=SECRET', 'https://h?token=<redacted>'],
    ['https://h?token=SECRET#F', 'https://h?token=<redacted>#<redacted>'],
    ['https://h/?=SECRET', 'https://h/?=<redacted>'],
    ['https://h/?a=1&&b=2', 'https://h/?a=<redacted>&&b=<redacted>'],
    ['https://h/?', 'https://h/?'],
    ['https://:SECRET@h/', 'https://:<redacted>@h/'],
    ['https://a@b@h/', 'https://<redacted>@h/'],
    ['HTTP://USER@H:1/P', 'HTTP://<redacted>@H:1/P'],
    ['http://h/p?u=https://x:y@z/', 'http://h/p?u=<redacted>'],
  ];
  for (const [url, shown] of cases) assert.equal(redactUrl(url), shown, url);
});

test('redactArgs: every word that names a secret, as --opt=V, --opt V, -opt=V and NAME=V', () => {
  const words = [
    'token',
    'key',
    'apikey',
    'secret',
    'password',
    'passwd',
    'pass',
    'pwd',
    'auth',
    'authorization',
    'credential',
    'credentials',
    'bearer',
    'pat',
    'cookie',
  ];
  for (const word of words) {
    assert.deepEqual(redactArgs([`--${word}=S1`]), [`--${word}=<redacted>`], word);
    assert.deepEqual(redactArgs([`--${word.toUpperCase()}`, 'S2']), [`--${word.toUpperCase()}`, '<redacted>'], word);
    assert.deepEqual(redactArgs([`-${word}=S3`]), [`-${word}=<redacted>`], word);
    assert.deepEqual(
      redactArgs([`MY_${word.toUpperCase()}=secret-value`]),
      [`MY_${word.toUpperCase()}=<redacted>`],
      word,
    );
    assert.deepEqual(redactArgs([`--github.${word}-file=S4`]), [`--github.${word}-file=<redacted>`], word);
  }
  assert.deepEqual(
    redactArgs(['--token-no-expiry', 'S5']),
    ['--token-no-expiry', '<redacted>'],
    'no- only at the start',
  );
  assert.deepEqual(redactArgs(['--no-token', 'value']), ['--no-token', 'value']);
  assert.deepEqual(
    redactArgs(['--tokens=x', '--keyboard', 'y']),
    ['--tokens=x', '--keyboard', 'y'],
    'whole words only',
  );
});

test('redactArgs: what only looks like an option or an assignment is left as it is', () => {
  assert.deepEqual(redactArgs(['a--token', 'v1']), ['a--token', 'v1']);
  assert.deepEqual(redactArgs(['--token!', 'v2']), ['--token!', 'v2']);
  assert.deepEqual(redactArgs(['x--token=v3']), ['x--token=v3']);
  assert.deepEqual(redactArgs(['x-MY_TOKEN=v4']), ['x-MY_TOKEN=v4']);
  assert.deepEqual(redactArgs(['1_TOKEN=v5']), ['1_TOKEN=v5']);
  assert.deepEqual(redactArgs(['--token', '-v']), ['--token', '-v'], 'a flag after the option is not its value');
  assert.deepEqual(redactArgs(['my-cookie v6']), ['my-cookie v6']);
});

test('redactArgs: a header whose name says it is secret (Authorization, Cookie, X-Api-Key, X-Auth-Token…), however spaced', () => {
  const cases: [string, string][] = [
    ['Authorization: Bearer abc', 'Authorization: <redacted>'],
    ['authorization:Bearer abc', 'authorization:<redacted>'],
    ['Proxy-Authorization: Basic abc', 'Proxy-Authorization: <redacted>'],
    ['Cookie : session=abc', 'Cookie : <redacted>'],
    ['X-Api-Key:  k-123', 'X-Api-Key:  <redacted>'],
    ['X-Auth-Token: t-123', 'X-Auth-Token: <redacted>'],
    ['Private-Token: glpat-123', 'Private-Token: <redacted>'],
    ['my-cookie: v6', 'my-cookie: <redacted>'],
    ['Note: a token', 'Note: a token'],
    ['Authorization: Bearer ${TOKEN}', 'Authorization: Bearer ${TOKEN}'],
    ['Accept: text/plain', 'Accept: text/plain'],
  ];
  for (const [arg, shown] of cases) assert.deepEqual(redactArgs([arg]), [shown], arg);
});

test('redactArgs: a header or assignment given as an option value is hidden as it is on its own', () => {
  const cases: [string[], string[]][] = [
    [['--header=Authorization: Bearer S24abc'], ['--header=Authorization: <redacted>']],
    [
      ['--header', 'Authorization: Bearer S24abc'],
      ['--header', 'Authorization: <redacted>'],
    ],
    [
      ['-H', 'Authorization: Bearer S24abc'],
      ['-H', 'Authorization: <redacted>'],
    ],
    [['-HAuthorization: Bearer S24abc'], ['-HAuthorization: <redacted>']],
    [['-H Authorization: Bearer S24abc'], ['-H Authorization: <redacted>']],
    [['--header=Cookie: session=abc'], ['--header=Cookie: <redacted>']],
    [['-HX-Api-Key: k-123'], ['-HX-Api-Key: <redacted>']],
    [['--header=Authorization: Bearer ${TOKEN}'], ['--header=Authorization: Bearer ${TOKEN}']],
    [['--env=MY_API_KEY=v'], ['--env=MY_API_KEY=<redacted>']],
    [['-e=GITHUB_TOKEN=v'], ['-e=GITHUB_TOKEN=<redacted>']],
    [['--url=https://u:p@h/mcp?k=v'], ['--url=https://<redacted>:<redacted>@h/mcp?k=<redacted>']],
    [
      ['--header=Accept: text/plain', '-HAccept: text/plain'],
      ['--header=Accept: text/plain', '-HAccept: text/plain'],
    ],
    [
      ['--env=DEBUG=1', '-eDEBUG=1'],
      ['--env=DEBUG=1', '-eDEBUG=1'],
    ],
  ];
  for (const [args, shown] of cases) assert.deepEqual(redactArgs(args), shown, args.join(' '));
});
