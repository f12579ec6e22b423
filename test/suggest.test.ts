// Did-you-mean: edit distance with swaps, case-insensitive, and no far-fetched suggestions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suggest, didYouMean, editDistance } from '../src/suggest.js';

test('editDistance counts a swap of neighbours as one edit', () => {
  assert.equal(editDistance('query', 'qeury'), 1);
  assert.equal(editDistance('limit', 'limt'), 1);
  assert.equal(editDistance('abc', 'xyz'), 3);
  assert.equal(editDistance('', 'ab'), 2);
});

test('suggest keeps only the closest, ignores case, and rejects names sharing nothing', () => {
  assert.deepEqual(suggest('PATH', ['path', 'paths', 'mode']), ['path']);
  assert.deepEqual(suggest('y', ['x', 'z']), []);
  assert.deepEqual(suggest('colour', ['color', 'column']), ['color']);
  assert.deepEqual(suggest('completely', ['path', 'mode']), []);
});

test('didYouMean lists ties, at most three', () => {
  assert.equal(didYouMean('nam', ['name', 'nap', 'other']), ' (did you mean "name" or "nap"?)');
  assert.equal(didYouMean('ab', ['ac', 'ad', 'ae', 'af']), ' (did you mean "ac", "ad" or "ae"?)');
  assert.equal(
    didYouMean('everything', ['everything-http', 'everything-sse']),
    ' (did you mean "everything-http" or "everything-sse"?)',
    'containment when no name is close',
  );
  assert.equal(didYouMean('zzz', ['name']), '');
});
