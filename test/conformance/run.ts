// Runs the official conformance suite's client scenarios against mcpctl, one at a time (in
// parallel on a small machine the timing-sensitive sse-retry warns, and a warning fails it):
// a line per scenario, then `N passed, N failed`; exit 1 if any failed. A scenario passes when
// the suite passes it and the adapter's own verdict (verdict.ts) says every step ended as expected.
//   node dist/test/conformance/run.js --all            every client scenario the suite lists
//   node dist/test/conformance/run.js NAME... [-v]     only these; -v prints every run's output
// Without arguments it exits at once (`node --test dist/test/` runs every file under test/).

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readVerdict, VERDICT_ENV } from './verdict.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const SUITE = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js', {
  paths: [ROOT],
});
/** Gives the suite `fs.globSync` on Node 20 (it needs Node 22 otherwise). */
const HOOK = path.join(here, 'register-node20.js');
const ADAPTER = path.join(here, 'adapter.js');
/** The suite's own bound on the adapter, and ours on one whole scenario run. */
const ADAPTER_TIMEOUT_MS = 30_000;
const SCENARIO_TIMEOUT_MS = 60_000;

interface Run {
  code: number;
  output: string;
}

/** The suite's CLI under this Node; output interleaved as it came. */
function suite(args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, SUITE, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    // The suite starts the adapter (and it mcpctl) under a shell: end the whole group.
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      output += `\n[run] no result within ${timeoutMs / 1000} s: stopped\n`;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 2_000).unref();
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output: output.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}

async function listScenarios(): Promise<string[]> {
  const listed = await suite(['list', '--client'], 30_000);
  if (listed.code !== 0) throw new Error(`conformance list failed:\n${listed.output}`);
  return [...listed.output.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] as string);
}

function adapterCommand(): string {
  // The suite splits --command on spaces and runs it through a shell.
  const parts = [process.execPath, path.relative(ROOT, ADAPTER)];
  if (parts.some((p) => /\s/.test(p)))
    throw new Error(`paths with spaces cannot be passed to the conformance suite: ${parts.join(' ')}`);
  return parts.join(' ');
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write('usage: run.js --all | SCENARIO... [-v]\n');
    return 0;
  }
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const names = argv.filter((a) => !a.startsWith('-'));
  const scenarios = argv.includes('--all') ? await listScenarios() : names;
  const command = adapterCommand();
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  const verdicts = await mkdtemp(path.join(tmpdir(), 'mcpctl-conformance-verdicts-'));
  for (const name of scenarios) {
    const t0 = Date.now();
    const verdictFile = path.join(verdicts, `${name.replace(/\W/g, '_')}.json`);
    const run = await suite(
      ['client', '--command', command, '--scenario', name, '--timeout', String(ADAPTER_TIMEOUT_MS)],
      SCENARIO_TIMEOUT_MS,
      { ...process.env, [VERDICT_ENV]: verdictFile },
    );
    const verdict = await readVerdict(verdictFile);
    const suitePassed = run.code === 0 && run.output.includes('OVERALL: PASSED');
    const ok = suitePassed && verdict?.scenario === name && verdict.ok;
    const summary = /Passed: (\d+\/\d+, \d+ failed, \d+ warnings)/.exec(run.output)?.[1] ?? 'no result';
    const adapterSays =
      verdict === undefined
        ? 'adapter: no verdict'
        : verdict.ok
          ? 'adapter: ok'
          : `adapter: ${verdict.message ?? 'failed'}`;
    process.stdout.write(
      `${ok ? 'ok  ' : 'FAIL'} ${name} (${summary}; ${adapterSays}; ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`,
    );
    if (ok) passed += 1;
    else failed += 1;
    if (!ok || verbose) process.stdout.write(`${run.output.replace(/^/gm, '    ')}\n`);
  }
  await rm(verdicts, { recursive: true, force: true });
  process.stdout.write(
    `conformance: ${scenarios.length} client scenarios in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 && scenarios.length > 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
