// The run's secrets (src/redact.ts Secrets): a value is masked as it is, inside longer text, and in
// the encodings it travels in (base64 at every byte offset, base64url, percent- and JSON-escaped).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MASK, Secrets } from '../../src/redact.js';

const SECRET = 'tok/en+9f3b?x=1';

function registry(): Secrets {
  const secrets = new Secrets();
  secrets.add(SECRET);
  return secrets;
}

test('a secret is masked alone and inside longer text', () => {
  const s = registry();
  assert.equal(s.mask(SECRET), MASK);
  assert.equal(s.mask(`Authorization: Bearer ${SECRET}!`), `Authorization: Bearer ${MASK}!`);
});

test('base64 of the secret after any prefix is masked, so Basic credentials do not leak it', () => {
  const s = registry();
  for (const prefix of ['', 'u', 'us', 'user:', 'someone-else:']) {
    const encoded = Buffer.from(`${prefix}${SECRET}`).toString('base64');
    const shown = s.mask(`Basic ${encoded}`);
    assert.ok(shown.includes(MASK), `prefix "${prefix}": ${shown}`);
    // What is left cannot be decoded back to the secret, nor most of it.
    assert.ok(!Buffer.from(shown.slice(6), 'base64').toString('latin1').includes(SECRET.slice(2, -2)), prefix);
    assert.ok(!s.mask(encoded.replace(/\+/g, '-').replace(/\//g, '_')).includes(encoded.slice(8, -4)), 'base64url');
  }
});

test('percent-encoded and JSON-escaped forms are masked; deep values keys and all', () => {
  const s = registry();
  assert.equal(s.mask(`?t=${encodeURIComponent(SECRET)}`), `?t=${MASK}`);
  const quoted = new Secrets();
  quoted.add('a"b\\c-secret');
  assert.equal(quoted.mask(JSON.stringify({ v: 'a"b\\c-secret' })), `{"v":"${MASK}"}`);
  assert.deepEqual(s.maskDeep({ [SECRET]: [SECRET, 3, null] }), { [MASK]: [MASK, 3, null] });
});

test('values too short to be secrets, and empty registries, change nothing', () => {
  const s = new Secrets();
  s.add('abc');
  s.add(undefined);
  assert.equal(s.size, 0);
  assert.equal(s.mask('abc abc'), 'abc abc');
  const value = { a: 'x' };
  assert.equal(s.maskDeep(value), value);
});
