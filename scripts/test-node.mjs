#!/usr/bin/env node
// `npm run test:node [-- NODE_TEST_FLAG... FILE...]`: the node:test suite (the built tests under
// dist/test), run by `node --test` in shards of several test files rather than a process each.
//
// Why: a process per test file spent a sixth of the suite's CPU starting Node and loading the
// same modules (node:test, the program, the SDK, the helpers) again for each of 147 files
// (docs/TESTING.md, "Suite time"). A shard is a file under dist/test-shards that loads its share
// of the test files, each inside a describe() named by its path, so each file's tests and its own
// before/after hooks stay its own. A test file is loaded with require(), which runs it at once,
// inside that describe(): so a test file has no top-level await (what it starts before its tests,
// it starts in a before() hook); one that had would fail its shard with ERR_REQUIRE_ASYNC_MODULE,
// naming the file.
//
// Files named on the command line run as they are, one process each (for one file, or a few).
// `--weigh` runs the whole suite and, when it passes, writes how long each file's tests took to
// scripts/test-weights.json, which deals the files into shards of about equal time; a file it
// does not name weighs the median.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tests = path.join(root, 'dist', 'test');
const shardDir = path.join(root, 'dist', 'test-shards');
const weightsFile = path.join(root, 'scripts', 'test-weights.json');

/**
 * Shards, all run at once: a shard spends part of its time waiting on the servers and runs it
 * started, and the others fill the two cores meanwhile; but each shard loads the program and
 * node:test again (docs/TESTING.md, "Suite time").
 */
const SHARDS = Number(process.env.MCPCTL_TEST_SHARDS ?? 6);
const CONCURRENCY = SHARDS;

/**
 * A test file still running after this long has failed, naming itself, and the rest of its shard
 * goes on: a wait without end in one file would otherwise hold its shard, and the suite, for ever.
 * The longest file takes about a minute in a shard on a loaded two-core machine.
 */
const FILE_TIMEOUT_MS = 10 * 60 * 1000;

/** Every built test file under `dir`, in a stable order. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.js'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** Seconds each test file's tests took in the run that wrote the weights (by path from the root). */
function readWeights() {
  return existsSync(weightsFile) ? JSON.parse(readFileSync(weightsFile, 'utf8')) : {};
}

/**
 * The files dealt into `count` shards of about equal time: the heaviest first, each to the shard
 * holding the least so far; the shards come back heaviest first, so none starts last and runs long.
 */
function deal(files, count) {
  const weights = readWeights();
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const weighed = files.map((file) => ({ file, weight: weights[relative(file)] ?? median }));
  weighed.sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const shards = Array.from({ length: count }, () => ({ weight: 0, files: [] }));
  for (const { file, weight } of weighed) {
    const lightest = shards.reduce((best, shard) => (shard.weight < best.weight ? shard : best));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  shards.sort((a, b) => b.weight - a.weight);
  return shards.map((shard) => shard.files.sort()).filter((shard) => shard.length > 0);
}

/** `file` by its path from the root, with forward slashes. */
function relative(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Writes one shard file per share; returns their paths. */
function writeShards(shares) {
  rmSync(shardDir, { recursive: true, force: true });
  mkdirSync(shardDir, { recursive: true });
  return shares.map((files, i) => {
    const lines = files.map(
      (file) =>
        `describe(${JSON.stringify(relative(file))}, { timeout: ${FILE_TIMEOUT_MS} }, () => {\n  require(${JSON.stringify(file)});\n});`,
    );
    const shard = path.join(shardDir, `shard-${String(i + 1).padStart(2, '0')}.test.cjs`);
    writeFileSync(shard, `'use strict';\nconst { describe } = require('node:test');\n${lines.join('\n')}\n`);
    return shard;
  });
}

/**
 * Copies the TAP stream of node:test to stdout and gathers what it says each test file took: a
 * test file is a describe() at the top level of its shard, so its line is a top-level `ok`.
 */
function weigh(stream) {
  const weights = {};
  let last;
  let text = '';
  stream.on('data', (chunk) => {
    process.stdout.write(chunk);
    text += chunk;
    const lines = text.split('\n');
    text = lines.pop();
    for (const line of lines) {
      const ok = /^(?:not )?ok \d+ - (\S+)$/.exec(line);
      if (ok) last = ok[1];
      const took = /^ {2}duration_ms: ([\d.]+)$/.exec(line);
      if (took && last) {
        weights[last] = Math.round(Number(took[1]) / 100) / 10;
        last = undefined;
      }
    }
  });
  return weights;
}

/** The weights of a whole run that passed, by path (a failed run's times say little). */
function writeWeights(weights) {
  const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(weightsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}

const args = process.argv.slice(2);
const weighing = args.includes('--weigh');
const flags = args.filter((arg) => arg.startsWith('-') && arg !== '--weigh');
const named = args.filter((arg) => !arg.startsWith('-'));
if (weighing && named.length > 0) {
  console.error('test-node: --weigh runs the whole suite; leave out the files named');
  process.exit(2);
}
const files = named.length > 0 ? named : writeShards(deal(testFiles(tests), SHARDS));
const reporter = weighing ? ['--test-reporter=tap'] : [];
// The tests reach servers on loopback only, and the HTTPS tests name their own CA. A machine-wide
// NODE_EXTRA_CA_CERTS (this workplace sets it to the system bundle) makes every Node process the
// suite starts parse that whole file first: on Node 20, 0.1 s of CPU a start against 0.03 s.
const { NODE_EXTRA_CA_CERTS: _systemCAs, ...env } = process.env;
// Each test process, once its tests are done, has a bounded time to exit (scripts/test-exit-bound.cjs).
const exitBound = path.join(root, 'scripts', 'test-exit-bound.cjs');
const child = spawn(
  process.execPath,
  ['--require', exitBound, '--test', `--test-concurrency=${CONCURRENCY}`, ...reporter, ...flags, ...files],
  {
    stdio: ['inherit', weighing ? 'pipe' : 'inherit', 'inherit'],
    // Node 22.1 and later reuse what an earlier process compiled (Node 20 ignores it).
    env: { NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'node-compile'), ...env },
  },
);
const weights = weighing ? weigh(child.stdout.setEncoding('utf8')) : undefined;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// On close, once the output is through: the exit code is the suite's, and nothing is cut short.
child.on('close', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
  if (weights && process.exitCode === 0) writeWeights(weights);
});
