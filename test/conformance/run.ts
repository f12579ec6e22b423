// Runs the official conformance suite's client scenarios against mcpctl, two at a time: every
// client scenario each revision's `requirements/REVISION.yaml` lists, at that revision
// (`--spec-version`), then the client extensions (`--force`). A line per run, then
// `N passed, N failed, N skipped`; exit 1 if any failed. A run that needs a program Node does not
// bring (util-linux `script` for a terminal) is skipped, naming it, where that program is missing
// (test/helpers/requires.ts: under MCPCTL_TEST_NO_SKIP=1 that fails instead). A run passes when the suite passes it and the
// adapter's own verdict (verdict.ts) says every step ended as expected.
//   node dist/test/conformance/run.js --all                     every run above
//   node dist/test/conformance/run.js NAME[@REVISION]... [-v]   only these (no revision: an
//                                                               extension, forced); -v: every log
// Without arguments it exits at once (`node --test dist/test/` runs every file under test/).

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readVerdict, VERDICT_ENV } from './verdict.js';
import { unlessInstalled } from '../helpers/requires.js';

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

/**
 * The environment of the suite's CLI and the adapter it starts: ours, less a machine-wide
 * NODE_EXTRA_CA_CERTS, which makes Node 20 parse the whole CA bundle it names at every start
 * (0.1 s of CPU); every scenario's server is on loopback, without TLS.
 */
const { NODE_EXTRA_CA_CERTS: _systemCAs, ...suiteEnv } = process.env;

/** The suite's CLI under this Node; output interleaved as it came. */
function suite(args: string[], timeoutMs: number, env: NodeJS.ProcessEnv = suiteEnv): Promise<Run> {
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

/** A scenario run at one revision; `force` runs it where the suite would skip it (extensions). */
interface Job {
  name: string;
  revision: string;
  force: boolean;
}

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
/** Where no revision requires them: the client extensions, and the 2025-03-26 back-compat scenarios. */
const EXTENSIONS_AT = '2025-11-25';
const EXTENSIONS = [
  'auth/client-credentials-jwt',
  'auth/client-credentials-basic',
  'auth/enterprise-managed-authorization',
  'auth/dpop',
  'auth/dpop-nonce',
  'auth/wif-jwt-bearer',
  'json-schema-2020-12-preservation',
  'sep-2640-client-no-prefetch',
  'sep-2640-client-verify-digest',
  'sep-2640-client-verify-size',
  'sep-2640-client-verify-frontmatter',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
];
/** Scenarios that need a program outside Node: the one answered on a pseudo-terminal. */
const NEEDS: Record<string, string[]> = { 'elicitation-sep1034-client-defaults': ['script'] };

/** Scenarios run at once: the suite gives each its own servers on ports the OS picks. */
const PARALLEL = 2;

/** The `client:` list of the suite's `requirements/REVISION.yaml`: what that revision requires. */
async function required(revision: string): Promise<string[]> {
  const text = await readFile(path.join(path.dirname(path.dirname(SUITE)), 'requirements', `${revision}.yaml`), 'utf8');
  const lines = text.split('\n');
  const names: string[] = [];
  for (let i = lines.indexOf('client:') + 1; i > 0 && i < lines.length; i += 1) {
    const item = /^ {2}- (\S+)$/.exec(lines[i] as string);
    if (item === null) break;
    names.push(item[1] as string);
  }
  if (names.length === 0) throw new Error(`requirements/${revision}.yaml lists no client scenario`);
  return names;
}

async function allJobs(): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const revision of REVISIONS)
    for (const name of await required(revision)) jobs.push({ name, revision, force: false });
  for (const name of EXTENSIONS) jobs.push({ name, revision: EXTENSIONS_AT, force: true });
  return jobs;
}

/** `NAME` or `NAME@REVISION` from the command line; without a revision, the extension default, forced. */
function namedJob(word: string): Job {
  const at = word.lastIndexOf('@');
  if (at <= 0) return { name: word, revision: EXTENSIONS_AT, force: true };
  return { name: word.slice(0, at), revision: word.slice(at + 1), force: false };
}

function adapterCommand(): string {
  // The suite splits --command on spaces and runs it through a shell.
  const parts = [process.execPath, path.relative(ROOT, ADAPTER)];
  if (parts.some((p) => /\s/.test(p)))
    throw new Error(`paths with spaces cannot be passed to the conformance suite: ${parts.join(' ')}`);
  return parts.join(' ');
}

interface Outcome {
  job: Job;
  ok: boolean;
  line: string;
  output: string;
}

async function runJob(job: Job, command: string, verdicts: string): Promise<Outcome> {
  const t0 = Date.now();
  const verdictFile = path.join(verdicts, `${job.name.replace(/\W/g, '_')}@${job.revision}.json`);
  const args = ['client', '--command', command, '--scenario', job.name, '--spec-version', job.revision];
  if (job.force) args.push('--force');
  const run = await suite([...args, '--timeout', String(ADAPTER_TIMEOUT_MS)], SCENARIO_TIMEOUT_MS, {
    ...suiteEnv,
    [VERDICT_ENV]: verdictFile,
  });
  const verdict = await readVerdict(verdictFile);
  const suitePassed = run.code === 0 && run.output.includes('OVERALL: PASSED');
  const ok = suitePassed && verdict?.scenario === job.name && verdict.ok;
  const summary = /Passed: (\d+\/\d+, \d+ failed, \d+ warnings)/.exec(run.output)?.[1] ?? 'no result';
  const adapterSays =
    verdict === undefined
      ? 'adapter: no verdict'
      : verdict.ok
        ? 'adapter: ok'
        : `adapter: ${verdict.message ?? 'failed'}`;
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  const line = `${ok ? 'ok  ' : 'FAIL'} ${job.name} @${job.revision}${job.force ? ' (forced)' : ''} (${summary}; ${adapterSays}; ${seconds} s)`;
  return { job, ok, line, output: run.output };
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    process.stderr.write('usage: run.js --all | SCENARIO[@REVISION]... [-v]\n');
    return 0;
  }
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const wanted = argv.includes('--all') ? await allJobs() : argv.filter((a) => !a.startsWith('-')).map(namedJob);
  const jobs: Job[] = [];
  let skipped = 0;
  for (const job of wanted) {
    const reason = unlessInstalled(...(NEEDS[job.name] ?? []));
    if (reason === false) jobs.push(job);
    else {
      skipped += 1;
      process.stdout.write(`skip ${job.name} @${job.revision} (${reason})\n`);
    }
  }
  const command = adapterCommand();
  const started = Date.now();
  const verdicts = await mkdtemp(path.join(tmpdir(), 'mcpctl-conformance-verdicts-'));
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const outcome = await runJob(jobs[next++] as Job, command, verdicts);
      outcomes.push(outcome);
      process.stdout.write(`${outcome.line}\n`);
      if (!outcome.ok || verbose) process.stdout.write(`${outcome.output.replace(/^/gm, '    ')}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
  await rm(verdicts, { recursive: true, force: true });
  const passed = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - passed;
  process.stdout.write(
    `conformance: ${jobs.length} client scenario runs in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  for (const o of outcomes.filter((o) => !o.ok)) process.stdout.write(`failed: ${o.job.name} @${o.job.revision}\n`);
  process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  return failed === 0 && jobs.length > 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
