// Did-you-mean: edit distance with swaps, case-insensitive, and no far-fetched suggestions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closestNames, didYouMean, editDistance } from '../../src/args/suggest.js';

test('editDistance counts a swap of neighbours as one edit', () => {
  assert.equal(editDistance('query', 'qeury'), 1);
  assert.equal(editDistance('limit', 'limt'), 1);
  assert.equal(editDistance('abc', 'xyz'), 3);
  assert.equal(editDistance('', 'ab'), 2);
});

test('closestNames keeps only the closest, ignores case, and rejects names sharing nothing', () => {
  assert.deepEqual(closestNames('PATH', ['path', 'paths', 'mode']), ['path']);
  assert.deepEqual(closestNames('y', ['x', 'z']), []);
  assert.deepEqual(closestNames('colour', ['color', 'column']), ['color']);
  assert.deepEqual(closestNames('completely', ['path', 'mode']), []);
});

test('didYouMean lists ties, at most three', () => {
  assert.equal(didYouMean('nam', ['name', 'nap', 'other']), ' (did you mean "name" or "nap"?)');
  assert.equal(didYouMean('zzz', ['name']), '');
});
